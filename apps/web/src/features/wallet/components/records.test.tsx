import type { AccountRecord, BetRecord, PersonalProfit } from '@portal/shared/wallet';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderWithProviders, type StubRequest } from '@/test/render';
import { callsTo, page, recordFetch } from '../test/wallet-fixtures';
import { AccountRecords } from './account-records';
import { BetRecords } from './bet-records';
import { ProfitReport } from './profit-report';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

function record(id: number, overrides: Partial<AccountRecord> = {}): AccountRecord {
  return {
    id: String(id),
    time: '2024-05-19T08:00:00.000Z',
    type: 'deposit',
    amount: '500.00',
    balanceAfter: '1500.00',
    reference: `REF-${id}`,
    ...overrides,
  };
}

/** Five pages of account records; the answer follows the asked page. */
function accountRecords({ url }: StubRequest) {
  const pageNo = Number(url.searchParams.get('pageNo'));
  return page(
    [record(pageNo, { type: pageNo === 2 ? 'bet' : 'deposit', amount: pageNo === 2 ? '-20.00' : '500.00' })],
    {
      pageNo,
      pageSize: 20,
      total: 100,
      totalPages: 5,
    },
  );
}

function lastQuery(calls: ReturnType<typeof recordFetch>, path: string) {
  const list = callsTo(calls, 'GET', path);
  return Object.fromEntries(list[list.length - 1]!.url.searchParams);
}

beforeEach(() => {
  // 12:00 in Dhaka on 20 May 2024: the presets count days in the brand's zone.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2024-05-20T06:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Account record', () => {
  it('starts with the previous 7 days and pages first, previous, next and last', async () => {
    const calls = recordFetch({ '/wps/wallet/records/account': accountRecords });
    renderWithProviders(<AccountRecords symbol="৳" />);
    await screen.findByText('REF-1');
    expect(lastQuery(calls, '/wps/wallet/records/account')).toEqual({
      from: '2024-05-14',
      to: '2024-05-20',
      pageNo: '1',
      pageSize: '20',
    });
    expect(screen.getByRole('button', { name: t('wallet.range.previous7') }).getAttribute('aria-pressed')).toBe('true');

    const pagination = screen.getByRole('navigation', { name: t('wallet.pagination.label') });
    const button = (key: string) => within(pagination).getByRole('button', { name: t(`wallet.pagination.${key}`) });
    expect((button('first') as HTMLButtonElement).disabled).toBe(true);
    expect((button('previous') as HTMLButtonElement).disabled).toBe(true);
    expect(pagination.textContent).toContain(t('wallet.pagination.status', { page: 1, total: 5 }));

    fireEvent.click(button('next'));
    await screen.findByText('REF-2');
    expect(lastQuery(calls, '/wps/wallet/records/account').pageNo).toBe('2');
    // A debit is signed and typed in the member's language.
    const row = screen.getByText('REF-2').closest('tr')!;
    expect(row.textContent).toContain('−৳ 20.00');
    expect(row.textContent).toContain(t('wallet.recordTypes.bet'));
    expect(row.textContent).toContain('৳ 1,500.00');

    fireEvent.click(button('last'));
    await screen.findByText('REF-5');
    expect((button('next') as HTMLButtonElement).disabled).toBe(true);
    expect((button('last') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button('previous'));
    await screen.findByText('REF-4');
    fireEvent.click(button('first'));
    await screen.findByText('REF-1');
    // Page one comes back from the cache.
    expect(
      callsTo(calls, 'GET', '/wps/wallet/records/account').map((call) => call.url.searchParams.get('pageNo')),
    ).toEqual(['1', '2', '5', '4']);
  });

  it('switches to the previous 30 days and filters by type, back on page one', async () => {
    const calls = recordFetch({ '/wps/wallet/records/account': accountRecords });
    renderWithProviders(<AccountRecords symbol="৳" />);
    await screen.findByText('REF-1');
    fireEvent.click(screen.getByRole('button', { name: t('wallet.pagination.next') }));
    await screen.findByText('REF-2');

    fireEvent.click(screen.getByRole('button', { name: t('wallet.range.previous30') }));
    await waitFor(() => expect(lastQuery(calls, '/wps/wallet/records/account').from).toBe('2024-04-21'));
    expect(lastQuery(calls, '/wps/wallet/records/account')).toMatchObject({ to: '2024-05-20', pageNo: '1' });

    fireEvent.change(screen.getByLabelText(t('wallet.records.type')), { target: { value: 'withdrawal' } });
    await waitFor(() => expect(lastQuery(calls, '/wps/wallet/records/account').type).toBe('withdrawal'));
    expect(lastQuery(calls, '/wps/wallet/records/account').pageNo).toBe('1');
  });

  it('checks a custom range like the server before asking', async () => {
    const calls = recordFetch({ '/wps/wallet/records/account': accountRecords });
    renderWithProviders(<AccountRecords symbol="৳" />);
    await screen.findByText('REF-1');
    fireEvent.click(screen.getByRole('button', { name: t('wallet.range.custom') }));
    const from = screen.getByLabelText(t('wallet.range.from'));
    const to = screen.getByLabelText(t('wallet.range.to'));
    const show = screen.getByRole('button', { name: t('wallet.range.apply') });

    fireEvent.change(from, { target: { value: '2024-05-10' } });
    fireEvent.change(to, { target: { value: '2024-05-01' } });
    fireEvent.click(show);
    expect(screen.getByText(t('wallet.range.problems.reversed'))).toBeTruthy();
    fireEvent.change(from, { target: { value: '2024-01-01' } });
    fireEvent.click(show);
    expect(screen.getByText(t('wallet.range.problems.too_long'))).toBeTruthy();
    expect(callsTo(calls, 'GET', '/wps/wallet/records/account')).toHaveLength(1);

    fireEvent.change(from, { target: { value: '2024-04-01' } });
    fireEvent.click(show);
    await waitFor(() =>
      expect(lastQuery(calls, '/wps/wallet/records/account')).toMatchObject({ from: '2024-04-01', to: '2024-05-01' }),
    );
  });

  it('shows the empty state', async () => {
    recordFetch({ '/wps/wallet/records/account': page([]) });
    renderWithProviders(<AccountRecords symbol="৳" />);
    expect(await screen.findByText(t('common.noData'))).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: t('wallet.pagination.label') })).toBeNull();
  });

  it('shows an error with a retry', async () => {
    let calls = 0;
    recordFetch({
      '/wps/wallet/records/account': (request: StubRequest) => {
        calls += 1;
        if (calls === 1) throw new TypeError('offline');
        return accountRecords(request);
      },
    });
    renderWithProviders(<AccountRecords symbol="৳" />);
    fireEvent.click(await screen.findByRole('button', { name: t('common.retry') }));
    expect(await screen.findByText('REF-1')).toBeTruthy();
  });
});

describe('Betting record', () => {
  const HOUSE_ROUND = 'H07f3a1b2c3d4e5f60718293a';

  function houseBet(overrides: Partial<BetRecord> = {}): BetRecord {
    return {
      reference: `bet:HOUSE:${HOUSE_ROUND}`,
      gameName: 'Fair Dice',
      nodeId: 'HOUSE-DICE',
      vendorCode: 'HOUSE',
      vendorName: 'Originals',
      roundId: HOUSE_ROUND,
      time: '2024-05-19T08:00:00.000Z',
      stake: '100.00',
      payout: '250.00',
      net: '150.00',
      status: 'settled',
      ...overrides,
    };
  }

  it('lists stake, payout, signed net and status for the chosen days', async () => {
    const calls = recordFetch({ '/wps/wallet/records/bets': page([houseBet()]) });
    renderWithProviders(<BetRecords symbol="৳" />);
    const row = (await screen.findByText('Fair Dice')).closest('tr')!;
    expect(row.textContent).toContain('+৳ 150.00');
    expect(row.textContent).toContain(t('wallet.status.bet.settled'));
    expect(lastQuery(calls, '/wps/wallet/records/bets')).toMatchObject({ from: '2024-05-14', to: '2024-05-20' });
  });

  it('names the game, its vendor and round in the row, and keeps the reference for the detail', async () => {
    const calls = recordFetch({ '/wps/wallet/records/bets': page([houseBet()]) });
    renderWithProviders(<BetRecords symbol="৳" />);
    const game = await screen.findByText('Fair Dice');
    const row = game.closest('tr')!;
    const cell = game.closest('td')!;
    expect(cell.getAttribute('data-label')).toBe(t('wallet.records.game'));
    expect(cell.textContent).toBe(`Fair DiceOriginals · ${t('wallet.records.round', { round: HOUSE_ROUND })}`);
    // The reference is not in the row itself...
    expect(row.textContent).not.toContain('bet:HOUSE');
    expect(screen.queryByTestId('bet-record-reference')).toBeNull();
    // ...but in its detail, opened and closed by the row's toggle.
    const toggle = within(row).getByRole('button', { name: t('wallet.records.showDetails') });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(detail).getByTestId('bet-record-reference').textContent).toBe(`bet:HOUSE:${HOUSE_ROUND}`);
    expect(detail.textContent).toContain('Originals');
    expect(detail.textContent).toContain(HOUSE_ROUND);
    fireEvent.click(within(row).getByRole('button', { name: t('wallet.records.hideDetails') }));
    expect(screen.queryByTestId('bet-record-reference')).toBeNull();
    // The games' names come in the member's language.
    expect(lastQuery(calls, '/wps/wallet/records/bets').language).toBe('bn');
  });

  it('shows a bet that is no vendor round as a bet, its reference still in the detail', async () => {
    recordFetch({
      '/wps/wallet/records/bets': page([
        houseBet({
          reference: 'bet:manual-1',
          gameName: null,
          nodeId: null,
          vendorCode: null,
          vendorName: null,
          roundId: null,
        }),
      ]),
    });
    renderWithProviders(<BetRecords symbol="৳" />);
    const name = await screen.findByText(t('wallet.records.otherBet'));
    const row = name.closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: t('wallet.records.showDetails') }));
    expect(screen.getByTestId('bet-record-reference').textContent).toBe('bet:manual-1');
  });
});

describe('Profit and loss', () => {
  it('shows the totals and one row per day', async () => {
    const day = {
      bets: '300.00',
      wins: '100.00',
      refunds: '0.00',
      bonuses: '50.00',
      deposits: '1000.00',
      withdrawals: '0.00',
      profit: '-150.00',
    };
    const profit: PersonalProfit = { days: [{ date: '2024-05-19', ...day }], totals: day };
    const calls = recordFetch({ '/wps/wallet/records/profit': profit });
    renderWithProviders(<ProfitReport symbol="৳" />);
    const totals = await screen.findByTestId('profit-totals');
    expect(totals.textContent).toContain('৳ 1,000.00');
    expect(screen.getByTestId('profit-table').textContent).toContain('2024-05-19');
    expect(screen.getAllByText('−৳ 150.00')).toHaveLength(2);
    expect(lastQuery(calls, '/wps/wallet/records/profit')).toEqual({ from: '2024-05-14', to: '2024-05-20' });
  });
});
