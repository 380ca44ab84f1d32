import { fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { usePortalModals } from '@/lib/portal-modals';
import { clearSessionHintCookie, memberInfo, setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders, stubFetch } from '@/test/render';
import { MemberCentreBody } from './member-centre-body';

const t = (key: string) => i18n.t(key) as string;

const funds = { currency: 'BDT', cash: '900.00', bonus: '100.00', withdrawalHold: '0.00', total: '1000.00' };

function Opened({ page }: { page?: string }) {
  const { current, open } = usePortalModals();
  useEffect(() => {
    if (!current) open({ name: 'memberCentre', page });
  }, [current, open, page]);
  return current ? <MemberCentreBody /> : null;
}

function renderCentre(member = memberInfo(), page?: string) {
  setSessionHint();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/wps/member/info': member,
        '/wps/member/security': {
          totpEnabled: false,
          totpAlways: false,
          factors: [],
          maskedMobile: null,
          mobileVerified: false,
          maskedEmail: null,
          hasPaymentPassword: false,
          recentLogins: [],
        },
        '/wps/member/info/funds/consolidated': funds,
        '/wps/wallet/channels': [],
        '/wps/relay/GCS_merchantWallet': { currency: 'BDT', main: '0.00', wallets: [] },
        '/wps/wallet/deposits': { list: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 },
      }),
    ),
  );
  return renderWithProviders(<Opened page={page} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('Member centre menu', () => {
  it('names the transfer entry after whom the member can send to', async () => {
    for (const [member, key] of [
      [memberInfo({ type: 0, toUpline: true }), 'transferUpline'],
      [memberInfo({ type: 1, toUpline: false }), 'transferDownline'],
      [memberInfo({ type: 1, toUpline: true }), 'transferBoth'],
    ] as const) {
      const view = renderCentre(member);
      const menu = await screen.findByRole('navigation', { name: t('memberCentre.menu') });
      await screen.findByTestId('security-centre');
      expect(within(menu).getByRole('button', { name: t(`memberCentre.pages.${key}`) })).toBeTruthy();
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('lists the working entries in the spec’s order and highlights the open one', async () => {
    renderCentre();
    const menu = await screen.findByRole('navigation', { name: t('memberCentre.menu') });
    // The page shows once the member is known.
    await screen.findByTestId('security-centre');
    const labels = within(menu)
      .getAllByRole('button')
      .map((button) => button.textContent);
    // No upline and not an agent: nobody to transfer to, so that entry is not shown.
    expect(labels).toEqual(
      [
        'securityCenter',
        'transferFund',
        'depositv2',
        'withdraw',
        'personalHistoryCopy',
        'transactionHistory',
        'personalProfit',
      ].map((key) => t(`memberCentre.pages.${key}`)),
    );
    expect(within(menu).getByRole('button', { current: 'page' }).textContent).toBe(
      t('memberCentre.pages.securityCenter'),
    );

    fireEvent.click(within(menu).getByRole('button', { name: t('memberCentre.pages.transferFund') }));
    expect(within(menu).getByRole('button', { current: 'page' }).textContent).toBe(
      t('memberCentre.pages.transferFund'),
    );
    const overview = await screen.findByTestId('wallet-overview');
    expect(await within(overview).findByText('P 1,000.00')).toBeTruthy();

    // The wallet's quick link goes to the deposit page.
    fireEvent.click(within(overview).getByRole('button', { name: t('wallet.overview.deposit') }));
    expect(await screen.findByTestId('deposit-page')).toBeTruthy();
    expect(within(menu).getByRole('button', { current: 'page' }).textContent).toBe(t('memberCentre.pages.depositv2'));
  });

  it('offers the transfer to members with an upline and to agents, and opens a requested page', async () => {
    renderCentre(memberInfo({ type: 1, isAgent: true }), 'depositv2');
    const menu = await screen.findByRole('navigation', { name: t('memberCentre.menu') });
    // An agent without an upline sends to downlines only, and the entry says so.
    expect(await within(menu).findByRole('button', { name: t('memberCentre.pages.transferDownline') })).toBeTruthy();
    expect(within(menu).getByRole('button', { current: 'page' }).textContent).toBe(t('memberCentre.pages.depositv2'));
  });
});
