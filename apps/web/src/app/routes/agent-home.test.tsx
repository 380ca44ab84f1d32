import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { teamOverview } from '@/features/agent/test/agent-fixtures';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { ModalHost } from '../modal-host';
import { AgentHomePage } from './agent-home';

const t = (key: string) => i18n.t(key) as string;

function renderHome(member = memberInfo({ account: 'demoagent', type: 1, isAgent: true })) {
  setSessionHint();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/wps/system/permission': { settings: { brandName: 'Portal', flags: {} }, customerService: [] },
        '/wps/member/info': member,
        '/wps/agent/team/overview': ({ url }: StubRequest) =>
          teamOverview(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''),
      }),
    ),
  );
  return renderWithProviders(
    <>
      <AgentHomePage />
      <ModalHost />
    </>,
    { path: '/agentHome' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('Agent home', () => {
  it('opens the agent centre on the team overview from its button', async () => {
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: t('agentHome.openCentre') }));
    const centre = await screen.findByTestId('modal-agentCentre');
    expect(await within(centre).findByTestId('team-figures')).toBeTruthy();
  });

  it('offers a signed-in player the agent login, not the agent centre', async () => {
    renderHome(memberInfo({ type: 0 }));
    expect(await screen.findByText(t('agentHome.notAgent'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('agentHome.openCentre') })).toBeNull();
  });
});
