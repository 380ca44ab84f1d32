import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { fail, renderWithProviders } from '@/test/render';
import { callsTo, eligibility, imageFile, page, payoutAccount, recordFetch, withdrawal } from '../test/wallet-fixtures';
import { WithdrawPage } from './withdraw-page';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('Withdraw page', () => {
  it('refuses to offer the withdrawal without a payment password and leads to setting one', async () => {
    const calls = recordFetch({
      '/wps/wallet/withdrawals/eligibility': eligibility({ hasPaymentPassword: false }),
      '/wps/wallet/payout-accounts': [payoutAccount()],
      '/wps/wallet/withdrawals': page([]),
    });
    const onSetPaymentPassword = vi.fn();
    renderWithProviders(<WithdrawPage symbol="৳" onSetPaymentPassword={onSetPaymentPassword} />);

    const prompt = await screen.findByTestId('payment-password-prompt');
    expect(prompt.textContent).toContain(t('wallet.paymentPassword.missingTitle'));
    expect(screen.queryByTestId('withdrawal-form')).toBeNull();
    expect(screen.queryByLabelText(t('wallet.paymentPassword.label'))).toBeNull();
    // Bound accounts are listed but cannot be changed either.
    await screen.findByText('Nagad', { exact: false });
    expect(screen.queryByRole('button', { name: new RegExp(t('wallet.payout.remove')) })).toBeNull();
    expect(screen.queryByRole('button', { name: t('wallet.payout.add') })).toBeNull();

    fireEvent.click(within(prompt).getByRole('button', { name: t('wallet.paymentPassword.set') }));
    expect(onSetPaymentPassword).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows balance, limits and turnover progress', async () => {
    recordFetch({
      '/wps/wallet/withdrawals/eligibility': eligibility(),
      '/wps/wallet/payout-accounts': [payoutAccount()],
      '/wps/wallet/withdrawals': page([]),
    });
    renderWithProviders(<WithdrawPage symbol="৳" onSetPaymentPassword={() => {}} />);
    const bar = await screen.findByRole('progressbar', { name: t('wallet.withdraw.turnover') });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByTestId('turnover').textContent).toContain('৳ 1,500.00');
    expect(screen.getByText('৳ 5,000.00')).toBeTruthy();
  });

  it('checks amount and payment password, then sends the withdrawal with an Idempotency-Key', async () => {
    const calls = recordFetch({
      '/wps/wallet/withdrawals/eligibility': eligibility(),
      '/wps/wallet/payout-accounts': [payoutAccount(), payoutAccount({ id: 'acc-2', provider: 'bKash' })],
      'GET /wps/wallet/withdrawals': page([]),
      'POST /wps/wallet/withdrawals': withdrawal({ orderNo: 'W77' }),
    });
    renderWithProviders(<WithdrawPage symbol="৳" onSetPaymentPassword={() => {}} />);
    await screen.findByTestId('withdrawal-form');
    const submit = screen.getByRole('button', { name: t('wallet.withdraw.submit') });

    fill(t('wallet.amount.label'), '5000.01');
    fill(t('wallet.paymentPassword.label'), '12a3');
    fireEvent.click(submit);
    expect(screen.getByText(t('wallet.amount.problems.aboveBalance', { limit: '৳ 5,000.00' }))).toBeTruthy();
    expect(screen.getByText(t('wallet.paymentPassword.invalid'))).toBeTruthy();
    fill(t('wallet.amount.label'), '499');
    fireEvent.click(submit);
    expect(screen.getByText(t('wallet.amount.problems.belowMin', { limit: '৳ 500.00' }))).toBeTruthy();
    expect(callsTo(calls, 'POST', '/wps/wallet/withdrawals')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(t('wallet.withdraw.account')), { target: { value: 'acc-2' } });
    fill(t('wallet.amount.label'), '1000');
    fill(t('wallet.paymentPassword.label'), '123456');
    fireEvent.click(submit);
    expect(await screen.findByText(t('wallet.withdraw.requested', { orderNo: 'W77' }))).toBeTruthy();
    const [post] = callsTo(calls, 'POST', '/wps/wallet/withdrawals');
    expect(post?.json).toEqual({ payoutAccountId: 'acc-2', amount: '1000.00', paymentPassword: '123456' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The password does not stay in the form.
    expect((screen.getByLabelText(t('wallet.paymentPassword.label')) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal', async () => {
    recordFetch({
      '/wps/wallet/withdrawals/eligibility': eligibility(),
      '/wps/wallet/payout-accounts': [payoutAccount()],
      'GET /wps/wallet/withdrawals': page([]),
      'POST /wps/wallet/withdrawals': fail(422, 'INSUFFICIENT_FUNDS', 'পর্যাপ্ত ব্যালেন্স নেই'),
    });
    renderWithProviders(<WithdrawPage symbol="৳" onSetPaymentPassword={() => {}} />);
    await screen.findByTestId('withdrawal-form');
    fill(t('wallet.amount.label'), '1000');
    fill(t('wallet.paymentPassword.label'), '123456');
    fireEvent.click(screen.getByRole('button', { name: t('wallet.withdraw.submit') }));
    expect(await screen.findByText('পর্যাপ্ত ব্যালেন্স নেই')).toBeTruthy();
  });

  it('cancels a pending withdrawal after asking, and expands its history', async () => {
    const calls = recordFetch({
      '/wps/wallet/withdrawals/eligibility': eligibility(),
      '/wps/wallet/payout-accounts': [payoutAccount()],
      'GET /wps/wallet/withdrawals': page([withdrawal()]),
      '/wps/wallet/withdrawals/W20240501001': withdrawal({
        history: [{ status: 'pending', at: '2024-05-01T10:00:00.000Z', note: 'Requested by member' }],
      }),
      'POST /wps/wallet/withdrawals/W20240501001/cancel': withdrawal({ status: 'cancelled' }),
    });
    renderWithProviders(<WithdrawPage symbol="৳" onSetPaymentPassword={() => {}} />);
    const item = await screen.findByTestId('withdrawal-W20240501001');
    const toggle = within(item).getByRole('button', { name: t('wallet.withdraw.showHistory') });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(await within(item).findByText('Requested by member')).toBeTruthy();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(within(item).getByRole('button', { name: t('wallet.withdraw.cancel') }));
    const dialog = await screen.findByTestId('cancel-withdrawal');
    fireEvent.click(within(dialog).getByRole('button', { name: t('wallet.withdraw.cancel') }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/wps/wallet/withdrawals/W20240501001/cancel')).toHaveLength(1));
  });

  it('takes the "requested" notice away once that withdrawal is cancelled', async () => {
    const requested = withdrawal({ orderNo: 'W88' });
    recordFetch({
      '/wps/wallet/withdrawals/eligibility': eligibility(),
      '/wps/wallet/payout-accounts': [payoutAccount()],
      'GET /wps/wallet/withdrawals': page([requested]),
      'POST /wps/wallet/withdrawals': requested,
      'POST /wps/wallet/withdrawals/W88/cancel': withdrawal({ orderNo: 'W88', status: 'cancelled' }),
    });
    renderWithProviders(<WithdrawPage symbol="৳" onSetPaymentPassword={() => {}} />);
    await screen.findByTestId('withdrawal-form');
    fill(t('wallet.amount.label'), '1000');
    fill(t('wallet.paymentPassword.label'), '123456');
    fireEvent.click(screen.getByRole('button', { name: t('wallet.withdraw.submit') }));
    const notice = t('wallet.withdraw.requested', { orderNo: 'W88' });
    expect(await screen.findByText(notice)).toBeTruthy();

    const item = await screen.findByTestId('withdrawal-W88');
    fireEvent.click(within(item).getByRole('button', { name: t('wallet.withdraw.cancel') }));
    const dialog = await screen.findByTestId('cancel-withdrawal');
    fireEvent.click(within(dialog).getByRole('button', { name: t('wallet.withdraw.cancel') }));
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull());
  });

  it('asks whether a paid withdrawal arrived and reports "not received" with proofs', async () => {
    const paid = withdrawal({ status: 'paid', confirmBy: '2024-05-03T10:00:00.000Z' });
    const calls = recordFetch({
      '/wps/wallet/withdrawals/eligibility': eligibility(),
      '/wps/wallet/payout-accounts': [payoutAccount()],
      'GET /wps/wallet/withdrawals': page([paid]),
      'POST /wps/wallet/withdrawals/W20240501001/confirmation': withdrawal({ status: 'not_received' }),
    });
    renderWithProviders(<WithdrawPage symbol="৳" onSetPaymentPassword={() => {}} />);
    const box = await screen.findByTestId('withdrawal-confirmation');
    expect(box.textContent).toContain(t('wallet.withdraw.didYouReceive'));
    expect(box.textContent).toContain(
      t('wallet.withdraw.confirmBy', { time: formatDateTime('2024-05-03T10:00:00.000Z', 'bn') }),
    );

    fireEvent.click(within(box).getByRole('button', { name: t('wallet.withdraw.notReceived') }));
    const send = within(box).getByRole('button', { name: t('wallet.withdraw.sendReport') });
    fill(t('wallet.withdraw.receivedAmount'), '1000');
    fireEvent.click(send);
    expect(within(box).getByText(t('wallet.amount.problems.aboveMax', { limit: '৳ 1,000.00' }))).toBeTruthy();

    const input = within(box).getByLabelText(t('wallet.withdraw.proofs')) as HTMLInputElement;
    const files = ['a.png', 'b.jpg', 'c.png', 'd.png'].map((name) =>
      imageFile(name, name.endsWith('jpg') ? 'image/jpeg' : 'image/png'),
    );
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    fireEvent.change(input);
    expect(within(box).getByText(t('wallet.upload.tooMany', { max: 3 }))).toBeTruthy();

    fill(t('wallet.withdraw.receivedAmount'), '0');
    fireEvent.click(send);
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/wps/wallet/withdrawals/W20240501001/confirmation')).toHaveLength(1),
    );
    const form = callsTo(calls, 'POST', '/wps/wallet/withdrawals/W20240501001/confirmation')[0]!.form!;
    expect(form.get('received')).toBe('false');
    expect(form.get('receivedAmount')).toBe('0.00');
    expect(form.getAll('proofs').map((file) => (file as File).name)).toEqual(['a.png', 'b.jpg', 'c.png']);
  });

  it('confirms receipt after asking', async () => {
    const calls = recordFetch({
      '/wps/wallet/withdrawals/eligibility': eligibility(),
      '/wps/wallet/payout-accounts': [payoutAccount()],
      'GET /wps/wallet/withdrawals': page([withdrawal({ status: 'paid' })]),
      'POST /wps/wallet/withdrawals/W20240501001/confirmation': withdrawal({ status: 'received' }),
    });
    renderWithProviders(<WithdrawPage symbol="৳" onSetPaymentPassword={() => {}} />);
    const box = await screen.findByTestId('withdrawal-confirmation');
    fireEvent.click(within(box).getByRole('button', { name: t('wallet.withdraw.received') }));
    const dialog = await screen.findByTestId('confirm-received');
    fireEvent.click(within(dialog).getByRole('button', { name: t('common.confirm') }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/wps/wallet/withdrawals/W20240501001/confirmation')).toHaveLength(1),
    );
    const form = callsTo(calls, 'POST', '/wps/wallet/withdrawals/W20240501001/confirmation')[0]!.form!;
    expect(form.get('received')).toBe('true');
    expect(form.has('receivedAmount')).toBe(false);
  });
});
