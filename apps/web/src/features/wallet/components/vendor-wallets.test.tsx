import type { MerchantWallets } from '@portal/shared/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fail, renderWithProviders } from '@/test/render';
import { callsTo, recordFetch } from '../test/wallet-fixtures';
import { WalletOverview } from './wallet-overview';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

const funds = { currency: 'BDT', cash: '900.00', bonus: '100.00', withdrawalHold: '0.00', total: '1000.00' };

function merchantWallets(overrides: Partial<MerchantWallets> = {}): MerchantWallets {
  return {
    currency: 'BDT',
    main: '900.00',
    wallets: [
      { vassalage: 'SBO', displayName: 'SBOBET', balance: '0.00' },
      { vassalage: 'SABA', displayName: 'SABA Sports', balance: '1250.50' },
    ],
    ...overrides,
  };
}

function renderOverview(routes: Record<string, unknown>) {
  const calls = recordFetch({ '/wps/member/info/funds/consolidated': funds, ...routes });
  const view = renderWithProviders(<WalletOverview symbol="৳" onDeposit={() => {}} onWithdraw={() => {}} />);
  return { calls, ...view };
}

function fill(container: HTMLElement, value: string) {
  fireEvent.change(within(container).getByLabelText(t('wallet.amount.label')), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('Game vendor wallets on "My wallet"', () => {
  it('lists the main balance and each vendor wallet', async () => {
    renderOverview({ '/wps/relay/GCS_merchantWallet': merchantWallets() });
    const card = await screen.findByTestId('vendor-wallets');
    expect(within(card).getByText(t('wallet.vendors.main')).parentElement?.textContent).toContain('৳ 900.00');
    const sbo = within(card).getByTestId('vendor-wallet-SBO');
    expect(within(sbo).getByText('SBOBET', { selector: '.vendor-wallet__name' })).toBeTruthy();
    expect(sbo.textContent).toContain('৳ 0.00');
    const saba = within(card).getByTestId('vendor-wallet-SABA');
    expect(saba.textContent).toContain('৳ 1,250.50');
    // "All back" only where there is money to bring back.
    expect(within(sbo).queryByRole('button', { name: new RegExp(t('wallet.vendors.allBack')) })).toBeNull();
    expect(within(saba).getByRole('button', { name: new RegExp(t('wallet.vendors.allBack')) })).toBeTruthy();
  });

  it('shows nothing extra when there is no vendor wallet', async () => {
    const { calls } = renderOverview({ '/wps/relay/GCS_merchantWallet': merchantWallets({ wallets: [] }) });
    await screen.findByText('৳ 1,000.00');
    await waitFor(() => expect(callsTo(calls, 'GET', '/wps/relay/GCS_merchantWallet')).toHaveLength(1));
    expect(screen.queryByTestId('vendor-wallets')).toBeNull();
    expect(screen.queryByText(t('wallet.vendors.title'))).toBeNull();
  });

  it('moves money from the main wallet into a vendor wallet with an Idempotency-Key', async () => {
    let main = '900.00';
    let sbo = '0.00';
    const { calls } = renderOverview({
      '/wps/relay/GCS_merchantWallet': () =>
        merchantWallets({ main, wallets: [{ vassalage: 'SBO', displayName: 'SBOBET', balance: sbo }] }),
      'POST /wps/relay/GCS_walletTransfer': () => {
        main = '650.00';
        sbo = '250.00';
        return { from: 'MAIN', to: 'SBO', amount: '250.00', status: 'done', main, vendor: sbo };
      },
    });
    const row = await screen.findByTestId('vendor-wallet-SBO');
    const toggle = within(row).getByRole('button', { name: new RegExp(t('wallet.vendors.transferIn')) });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const form = within(row).getByTestId('vendor-transfer-in');
    expect(form.textContent).toContain('৳ 900.00');

    fill(form, '250');
    fireEvent.click(within(form).getByRole('button', { name: t('wallet.vendors.submitIn') }));
    expect(await screen.findByText(t('wallet.vendors.doneIn', { amount: '৳ 250.00', wallet: 'SBOBET' }))).toBeTruthy();
    const [post] = callsTo(calls, 'POST', '/wps/relay/GCS_walletTransfer');
    expect(post?.json).toEqual({ from: 'MAIN', to: 'SBO', amount: '250.00' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The balances are asked for again and the new ones shown.
    await waitFor(() => expect(screen.getByTestId('vendor-wallet-SBO').textContent).toContain('৳ 250.00'));
    expect(callsTo(calls, 'GET', '/wps/member/info/funds/consolidated').length).toBeGreaterThan(1);
  });

  it('refuses an amount above the source wallet balance without calling the server', async () => {
    const { calls } = renderOverview({ '/wps/relay/GCS_merchantWallet': merchantWallets() });
    const row = await screen.findByTestId('vendor-wallet-SABA');
    fireEvent.click(within(row).getByRole('button', { name: new RegExp(t('wallet.vendors.transferOut')) }));
    const form = within(row).getByTestId('vendor-transfer-out');
    fill(form, '1250.51');
    fireEvent.click(within(form).getByRole('button', { name: t('wallet.vendors.submitOut') }));
    expect(
      within(form).getByText(t('wallet.vendors.aboveSource', { wallet: 'SABA Sports', limit: '৳ 1,250.50' })),
    ).toBeTruthy();

    // Into a vendor wallet, the main wallet is the limit.
    fireEvent.click(within(row).getByRole('button', { name: new RegExp(t('wallet.vendors.transferIn')) }));
    const into = within(row).getByTestId('vendor-transfer-in');
    fill(into, '900.01');
    fireEvent.click(within(into).getByRole('button', { name: t('wallet.vendors.submitIn') }));
    expect(
      within(into).getByText(t('wallet.vendors.aboveSource', { wallet: t('wallet.vendors.main'), limit: '৳ 900.00' })),
    ).toBeTruthy();
    expect(callsTo(calls, 'POST', '/wps/relay/GCS_walletTransfer')).toHaveLength(0);
  });

  it('brings a whole vendor balance back to the main wallet', async () => {
    const { calls } = renderOverview({
      '/wps/relay/GCS_merchantWallet': merchantWallets(),
      'POST /wps/relay/GCS_walletTransfer': {
        from: 'SABA',
        to: 'MAIN',
        amount: '1250.50',
        main: '2150.50',
        vendor: '0.00',
      },
    });
    const row = await screen.findByTestId('vendor-wallet-SABA');
    fireEvent.click(within(row).getByRole('button', { name: new RegExp(t('wallet.vendors.allBack')) }));
    expect(
      await screen.findByText(t('wallet.vendors.doneOut', { amount: '৳ 1,250.50', wallet: 'SABA Sports' })),
    ).toBeTruthy();
    const [post] = callsTo(calls, 'POST', '/wps/relay/GCS_walletTransfer');
    expect(post?.json).toEqual({ from: 'SABA', to: 'MAIN', amount: '1250.50' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says when a vendor does not answer its balance, and when it has not confirmed a move yet', async () => {
    renderOverview({
      '/wps/relay/GCS_merchantWallet': merchantWallets({
        wallets: [{ vassalage: 'SBO', displayName: 'SBOBET', balance: null }],
      }),
      'POST /wps/relay/GCS_walletTransfer': {
        from: 'SBO',
        to: 'MAIN',
        amount: '80.00',
        status: 'pending',
        main: '900.00',
        vendor: null,
      },
    });
    const row = await screen.findByTestId('vendor-wallet-SBO');
    expect(within(row).getByText(t('wallet.vendors.unknownBalance'))).toBeTruthy();
    expect(within(row).queryByRole('button', { name: new RegExp(t('wallet.vendors.allBack')) })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: new RegExp(t('wallet.vendors.transferOut')) }));
    const form = within(row).getByTestId('vendor-transfer-out');
    // No balance to check against: the vendor checks it.
    fill(form, '80');
    fireEvent.click(within(form).getByRole('button', { name: t('wallet.vendors.submitOut') }));
    expect(await screen.findByText(t('wallet.vendors.pending', { amount: '৳ 80.00', wallet: 'SBOBET' }))).toBeTruthy();
  });

  it("shows the server's reason when a transfer is refused", async () => {
    renderOverview({
      '/wps/relay/GCS_merchantWallet': merchantWallets(),
      'POST /wps/relay/GCS_walletTransfer': fail(409, 'VENDOR_UNAVAILABLE', 'SBOBET is under maintenance'),
    });
    const row = await screen.findByTestId('vendor-wallet-SBO');
    fireEvent.click(within(row).getByRole('button', { name: new RegExp(t('wallet.vendors.transferIn')) }));
    const form = within(row).getByTestId('vendor-transfer-in');
    fill(form, '100');
    fireEvent.click(within(form).getByRole('button', { name: t('wallet.vendors.submitIn') }));
    expect((await within(form).findByRole('alert')).textContent).toBe('SBOBET is under maintenance');
  });
});
