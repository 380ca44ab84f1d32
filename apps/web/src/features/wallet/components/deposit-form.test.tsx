import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fail, renderWithProviders } from '@/test/render';
import { callsTo, channel, depositOrder, recordFetch } from '../test/wallet-fixtures';
import { DepositPage } from './deposit-page';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

const CHANNELS = [
  channel(),
  channel({ code: 'NAGAD_MANUAL', displayName: 'Nagad', minAmount: '200.00' }),
  channel({ code: 'CITY_BANK', kind: 'bank', displayName: 'City Bank', minAmount: '1000.00', quickAmounts: [] }),
  channel({ code: 'USDT_SANDBOX', kind: 'usdt', mode: 'provider', displayName: 'USDT TRC20' }),
];

function typeAmount(value: string) {
  fireEvent.change(screen.getByLabelText(t('wallet.amount.label')), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: t('wallet.deposit.submit') }));
}

afterEach(() => vi.unstubAllGlobals());

describe('Deposit form', () => {
  it('groups channels by kind and shows each one’s range', async () => {
    recordFetch({
      '/wps/wallet/channels': CHANNELS,
      '/wps/wallet/deposits': { list: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 },
    });
    renderWithProviders(<DepositPage symbol="৳" />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      t('wallet.channelKinds.bank'),
      t('wallet.channelKinds.ewallet'),
      t('wallet.channelKinds.usdt'),
    ]);
    // The first kind (bank) is open; switching shows that kind's channels.
    expect(screen.getByRole('radio', { name: /City Bank/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: t('wallet.channelKinds.ewallet') }));
    const bkash = screen.getByRole('radio', { name: /bKash/ });
    expect(bkash.closest('label')?.textContent).toContain('৳ 100.00');
    expect(bkash.closest('label')?.textContent).toContain('৳ 25,000.00');
  });

  it('validates the amount with the shared rule and the channel limits before sending', async () => {
    const calls = recordFetch({
      '/wps/wallet/channels': CHANNELS,
      '/wps/wallet/deposits': { list: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 },
    });
    renderWithProviders(<DepositPage symbol="৳" />);
    await screen.findByRole('radio', { name: /City Bank/ });

    submit();
    expect(screen.getByText(t('wallet.amount.problems.required'))).toBeTruthy();
    typeAmount('1e5');
    // The field keeps digits and one point only: "1e5" becomes "15", below the bank's minimum.
    expect((screen.getByLabelText(t('wallet.amount.label')) as HTMLInputElement).value).toBe('15');
    submit();
    expect(screen.getByText(t('wallet.amount.problems.belowMin', { limit: '৳ 1,000.00' }))).toBeTruthy();
    typeAmount('1000.555');
    submit();
    expect(screen.getByText(t('wallet.amount.problems.invalid'))).toBeTruthy();
    typeAmount('25000.01');
    submit();
    expect(screen.getByText(t('wallet.amount.problems.aboveMax', { limit: '৳ 25,000.00' }))).toBeTruthy();
    expect(callsTo(calls, 'POST', '/wps/wallet/deposits')).toHaveLength(0);
  });

  it('reuses the Idempotency-Key when the same submission is retried after no answer, and not after', async () => {
    let attempt = 0;
    const calls = recordFetch({
      '/wps/wallet/channels': CHANNELS,
      'GET /wps/wallet/deposits': { list: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 },
      'POST /wps/wallet/deposits': () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        if (attempt === 2) return fail(502, 'UNKNOWN', 'Bad gateway');
        return depositOrder({ orderNo: `D${attempt}`, channelCode: 'BKASH_MANUAL', amount: '500.00' });
      },
      '/wps/wallet/deposits/D3': depositOrder({ orderNo: 'D3', amount: '500.00' }),
    });
    renderWithProviders(<DepositPage symbol="৳" />);
    fireEvent.click(await screen.findByRole('tab', { name: t('wallet.channelKinds.ewallet') }));
    // A quick amount fills the field.
    fireEvent.click(screen.getByRole('button', { name: '৳ 500' }));
    expect((screen.getByLabelText(t('wallet.amount.label')) as HTMLInputElement).value).toBe('500');

    submit();
    await screen.findByText(t('wallet.errors.network'));
    submit();
    await screen.findByText('Bad gateway');
    submit();
    await screen.findByTestId('deposit-order');

    const posts = callsTo(calls, 'POST', '/wps/wallet/deposits');
    expect(posts).toHaveLength(3);
    expect(posts[0]!.json).toEqual({ channelCode: 'BKASH_MANUAL', amount: '500.00' });
    const keys = posts.map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);

    // A new deposit after the answer is a new submission with a new key.
    fireEvent.click(screen.getByRole('button', { name: t('wallet.deposit.new') }));
    fireEvent.click(await screen.findByRole('tab', { name: t('wallet.channelKinds.ewallet') }));
    typeAmount('500');
    submit();
    await waitFor(() => expect(callsTo(calls, 'POST', '/wps/wallet/deposits')).toHaveLength(4));
    expect(callsTo(calls, 'POST', '/wps/wallet/deposits')[3]!.headers['Idempotency-Key']).not.toBe(keys[0]);
  });

  it('starts a new key after a refusal or when the details change', async () => {
    const calls = recordFetch({
      '/wps/wallet/channels': CHANNELS,
      'GET /wps/wallet/deposits': { list: [], pageNo: 1, pageSize: 10, total: 0, totalPages: 0 },
      'POST /wps/wallet/deposits': (request: { body: unknown }) =>
        (request.body as { amount: string }).amount === '600.00'
          ? fail(409, 'DUPLICATE_TRANSACTION', 'Already made with different details')
          : (() => {
              throw new TypeError('offline');
            })(),
    });
    renderWithProviders(<DepositPage symbol="৳" />);
    fireEvent.click(await screen.findByRole('tab', { name: t('wallet.channelKinds.ewallet') }));
    typeAmount('500');
    submit();
    await screen.findByText(t('wallet.errors.network'));
    typeAmount('600');
    submit();
    await screen.findByText('Already made with different details');
    submit();
    await waitFor(() => expect(callsTo(calls, 'POST', '/wps/wallet/deposits')).toHaveLength(3));
    const keys = callsTo(calls, 'POST', '/wps/wallet/deposits').map((call) => call.headers['Idempotency-Key']);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
