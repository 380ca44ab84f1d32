import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { teamOverview } from '@/features/agent/test/agent-fixtures';
import { i18n } from '@/i18n';
import { clearSessionHintCookie, memberInfo, registerSettings, setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { ModalHost } from '../modal-host';
import { Header } from './header';

const t = (key: string) => i18n.t(key) as string;
const permission = { settings: { brandName: 'Portal', flags: { DIRECTREG3: true } }, customerService: [] };

function renderSignedIn(member = memberInfo()) {
  setSessionHint();
  window.localStorage.setItem('account', member.account);
  window.sessionStorage.setItem('isAgent', String(member.type));
  const fetchMock = vi.fn(
    stubFetch({
      '/wps/system/permission': permission,
      '/wps/member/info': member,
      '/wps/system/setting/register': registerSettings(),
      'DELETE /wps/session/logout': null,
      '/wps/agent/team/overview': ({ url }: StubRequest) =>
        teamOverview(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? ''),
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const view = renderWithProviders(
    <>
      <Header showNav={false} />
      <ModalHost />
    </>,
    { path: '/vip' },
  );
  return { ...view, fetchMock };
}

const logoutCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE');

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('Header', () => {
  it('offers login and register to visitors', async () => {
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/system/permission': permission })));
    renderWithProviders(<Header showNav={false} />);
    expect(await screen.findByRole('button', { name: t('header.register') })).toBeTruthy();
    expect(screen.getByRole('button', { name: t('header.login') })).toBeTruthy();
  });

  it('offers no register button when DIRECTREG3 is off', async () => {
    const closed = { ...permission, settings: { ...permission.settings, flags: { DIRECTREG3: false } } };
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/system/permission': closed })));
    renderWithProviders(<Header showNav={false} />);
    expect(await screen.findByText('Portal')).toBeTruthy();
    expect(screen.getByRole('button', { name: t('header.login') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('header.register') })).toBeNull();
  });

  it("offers the brand's languages only, and no picker for a single one", async () => {
    const brand = (languages: string[]) => ({
      ...permission,
      settings: { ...permission.settings, languages, defaultLanguage: languages[0] },
    });
    const languageButtons = () =>
      within(screen.getByRole('group', { name: t('header.language') }))
        .getAllByRole('button')
        .map((button) => button.textContent);
    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/system/permission': brand(['en', 'bn', 'xx']) })));
    const first = renderWithProviders(<Header showNav={false} />);
    await screen.findByText('Portal');
    expect(languageButtons()).toEqual(['BN', 'EN']);
    first.unmount();

    vi.stubGlobal('fetch', vi.fn(stubFetch({ '/wps/system/permission': brand(['bn']) })));
    renderWithProviders(<Header showNav={false} />);
    await screen.findByText('Portal');
    expect(screen.queryByRole('group', { name: t('header.language') })).toBeNull();
  });

  it('shows the account and asks before signing out', async () => {
    const { fetchMock, router } = renderSignedIn();
    fireEvent.click(await screen.findByRole('button', { name: /demo/ }));
    fireEvent.click(screen.getByRole('button', { name: t('header.logout') }));
    const dialog = screen.getByTestId('logout-confirm');
    expect(dialog.textContent).toContain(t('header.logoutConfirm'));

    fireEvent.click(within(dialog).getByRole('button', { name: t('common.cancel') }));
    expect(screen.queryByTestId('logout-confirm')).toBeNull();
    expect(logoutCalls(fetchMock)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /demo/ }));
    fireEvent.click(screen.getByRole('button', { name: t('header.logout') }));
    fireEvent.click(within(screen.getByTestId('logout-confirm')).getByRole('button', { name: t('common.confirm') }));
    expect(await screen.findByRole('button', { name: t('header.login') })).toBeTruthy();
    expect(logoutCalls(fetchMock)).toHaveLength(1);
    expect(document.cookie).not.toContain('portal_member=1');
    expect(window.localStorage.getItem('account')).toBeNull();
    expect(window.sessionStorage.getItem('isAgent')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers the betting record, deposit, withdrawal, account record and member centre, each opening its page', async () => {
    renderSignedIn();
    fireEvent.click(await screen.findByRole('button', { name: /demo/ }));
    const items = screen.getByRole('list').querySelectorAll('.account-menu__item');
    expect([...items].map((item) => item.textContent)).toEqual([
      t('memberCentre.pages.personalHistoryCopy'),
      t('memberCentre.pages.depositv2'),
      t('memberCentre.pages.withdraw'),
      t('memberCentre.pages.transactionHistory'),
      t('header.myAccount'),
      t('header.logout'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: t('memberCentre.pages.withdraw') }));
    const centre = await screen.findByTestId('modal-memberCentre');
    await waitFor(() =>
      expect(within(centre).getByRole('button', { current: 'page' }).textContent).toBe(
        t('memberCentre.pages.withdraw'),
      ),
    );
  });

  it('labels the entry Agent for agents, and it opens the agent centre on the team overview', async () => {
    renderSignedIn(memberInfo({ account: 'demoagent', type: 1, isAgent: true }));
    fireEvent.click(await screen.findByRole('button', { name: /demoagent/ }));
    expect(screen.queryByRole('button', { name: t('header.myAccount') })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('header.agent') }));
    const centre = await screen.findByTestId('modal-agentCentre');
    expect(within(centre).getByRole('heading', { name: t('header.agentCentre') })).toBeTruthy();
    await waitFor(() =>
      expect(within(centre).getByRole('button', { current: 'page' }).textContent).toBe(t('agent.pages.teamOverview')),
    );
  });

  it('shows players no Agent entry', async () => {
    renderSignedIn();
    fireEvent.click(await screen.findByRole('button', { name: /demo/ }));
    expect(screen.getByRole('button', { name: t('header.myAccount') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('header.agent') })).toBeNull();
  });

  it('tells a trial account that the member centre needs a real account', async () => {
    renderSignedIn(memberInfo({ account: 'guest1', type: 4 }));
    fireEvent.click(await screen.findByRole('button', { name: /guest1/ }));
    fireEvent.click(screen.getByRole('button', { name: t('header.myAccount') }));
    const warning = await screen.findByTestId('need-real-account');
    expect(warning.textContent).toContain(t('in_need_true_account'));
    fireEvent.click(within(warning).getByRole('button', { name: t('in_increase_submit') }));
    expect(await screen.findByTestId('modal-register')).toBeTruthy();
  });
});

describe('forced password change', () => {
  it('opens the change for a session that must change its password, and closing it signs out', async () => {
    const { fetchMock } = renderSignedIn(memberInfo({ mustChangePassword: true }));
    const modal = await screen.findByTestId('modal-changePassword');
    expect(await within(modal).findByText(t('auth.change.expiredTitle'))).toBeTruthy();
    // After a reload the password is not known, so the old one is asked.
    expect(within(modal).getByLabelText(t('auth.oldPassword'))).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: t('common.close') }));
    await waitFor(() => expect(logoutCalls(fetchMock)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: t('header.login') })).toBeTruthy();
  });
});
