import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { usePortalModals } from '@/lib/portal-modals';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders, stubFetch } from '@/test/render';
import { BottomTabBar } from './bottom-tab-bar';

const t = (key: string) => i18n.t(key) as string;

/** Shows which popup the tab bar asked for. */
function OpenedModal() {
  const { current } = usePortalModals();
  return <output data-testid="opened">{current ? JSON.stringify(current) : ''}</output>;
}

function renderBar(signedIn: boolean) {
  if (signedIn) setSessionHint();
  vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/member/info': memberInfo() })));
  return renderWithProviders(
    <>
      <BottomTabBar />
      <OpenedModal />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('Phone tab bar', () => {
  it('opens the member centre on its deposit page from the Deposit tab, and on its first page from Member', async () => {
    renderBar(true);
    const opened = screen.getByTestId('opened');
    // The member is known before the tabs act as a member's.
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: t('nav.deposit') }));
      expect(JSON.parse(opened.textContent || '{}')).toEqual({ name: 'memberCentre', page: 'depositv2' });
    });
    fireEvent.click(screen.getByRole('button', { name: t('nav.member') }));
    expect(JSON.parse(opened.textContent || '{}')).toMatchObject({ name: 'memberCentre' });
    expect(JSON.parse(opened.textContent || '{}').page).toBeUndefined();
  });

  it('asks a visitor to sign in from either tab', () => {
    renderBar(false);
    fireEvent.click(screen.getByRole('button', { name: t('nav.deposit') }));
    expect(JSON.parse(screen.getByTestId('opened').textContent || '{}')).toEqual({ name: 'login' });
  });
});
