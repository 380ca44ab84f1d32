import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { setSessionHint } from '@/test/auth-fixtures';
import { renderWithProviders, type StubRequest, stubFetch } from '@/test/render';
import { betsPage, incomePage, statement, statementBet } from '../test/agent-fixtures';
import { atAgentCentreNow } from '../test/render-centre';
import { MyIncome } from './my-income';
import '../i18n/register';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

const daily = statement();
const hourly = statement({
  id: '32',
  type: 'hourlySalary',
  window: { key: 'hour:2026-11-26T14', start: '2026-11-26T14:00:00.000Z', end: '2026-11-26T15:00:00.000Z' },
  paid: '0.00',
  pending: '4.20',
  entryId: null,
  lines: [
    { key: 'validBets', amount: '840.00' },
    { key: 'activeMembers', count: 0, required: 1, passed: false },
    { key: 'tier', tier: 0, rate: '0.00' },
    { key: 'gross', amount: '0.00', rate: '0.00', base: '840.00' },
    { key: 'paid', amount: '0.00' },
    { key: 'pendingOut', amount: '4.20' },
  ],
});

/** My income answering its list and a statement's bets (pages of `bets` rows); returns what each call asked. */
function renderIncome(betPages = 3) {
  setSessionHint();
  const incomeQueries: Record<string, string>[] = [];
  const betQueries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      stubFetch({
        '/wps/agent/income': ({ url }: StubRequest) => {
          incomeQueries.push(Object.fromEntries(url.searchParams));
          return incomePage([hourly, daily], { totalPaid: '19.30' });
        },
        '/wps/agent/income/31/bets': ({ url }: StubRequest) => {
          const pageNo = Number(url.searchParams.get('pageNo'));
          betQueries.push(`${url.pathname}?${url.searchParams}`);
          return betsPage([statementBet({ id: `b${pageNo}`, account: `member${pageNo}` })], {
            pageNo,
            totalPages: betPages,
            totalCount: betPages * 20,
          });
        },
      }),
    ),
  );
  renderWithProviders(<MyIncome />);
  return { incomeQueries, betQueries };
}

atAgentCentreNow();

describe('My income', () => {
  it('lists this month’s statements: the window in Dhaka, the type, paid, kept, and the total paid', async () => {
    const { incomeQueries } = renderIncome();
    const table = await screen.findByTestId('income-table');
    expect(incomeQueries).toEqual([{ from: '2026-11-01', to: '2026-11-27', pageNo: '1', pageSize: '20' }]);
    const cells = (id: string) =>
      [...table.querySelectorAll(`tr[data-statement="${id}"] td`)].map((cell) => cell.textContent);
    // An hour as the date and the time range (14:00 UTC is 8 pm in Dhaka), a day as its date.
    expect(cells('32').slice(0, 4)).toEqual([
      '২৬ নভে, ২০২৬, ৮:০০ PM – ৯:০০ PM',
      t('agent.contracts.types.hourlySalary'),
      'P 0.00',
      t('agent.income.pending', { amount: 'P 4.20' }),
    ]);
    expect(cells('31').slice(0, 4)).toEqual([
      '২৬ নভে, ২০২৬',
      t('agent.contracts.types.dailyWage'),
      'P 19.30',
      'P 0.00',
    ]);
    expect(
      screen.getByTestId('income-totals').querySelector('[data-figure="totalPaid"] .team-figure__value')?.textContent,
    ).toBe('P 19.30');
  });

  it('asks for one contract type from page 1', async () => {
    const { incomeQueries } = renderIncome();
    await screen.findByTestId('income-table');
    fireEvent.change(screen.getByLabelText(t('agent.income.type')), { target: { value: 'dividend' } });
    await waitFor(() => expect(incomeQueries).toHaveLength(2));
    expect(incomeQueries[1]).toEqual({
      from: '2026-11-01',
      to: '2026-11-27',
      type: 'dividend',
      pageNo: '1',
      pageSize: '20',
    });
  });

  it('opens a statement with every line labelled, the wallet entry, and its bets page by page', async () => {
    const { betQueries } = renderIncome();
    const table = await screen.findByTestId('income-table');
    const row = table.querySelector<HTMLElement>('tr[data-statement="31"]')!;
    fireEvent.click(within(row).getByRole('button', { name: t('agent.income.open') }));
    const detail = await screen.findByTestId('statement-detail');
    const lines = within(detail).getByTestId('statement-lines');
    const shown = [...lines.querySelectorAll('li')].map((li) => [
      li.querySelector('.statement-line__label')?.textContent,
      li.querySelector('.statement-value')?.textContent,
    ]);
    expect(shown).toEqual([
      [t('agent.statement.lines.validBets'), '+P 19,300.00'],
      [
        t('agent.statement.lines.activeMembers'),
        `${t('agent.statement.members', { count: 26, shown: '26', required: 1 })} · ${t('agent.statement.met')}`,
      ],
      [t('agent.statement.lines.tier'), t('agent.statement.tierRate', { tier: 1, rate: '0.50' })],
      [
        t('agent.statement.lines.gross'),
        `+P 96.50${t('agent.statement.rateOf', { rate: '0.50', base: 'P 19,300.00' })}`,
      ],
      [t('agent.statement.lines.downlineShares'), '−P 77.20'],
      [t('agent.statement.lines.pendingIn'), 'P 0.00'],
      [t('agent.statement.lines.due'), '+P 19.30'],
      [t('agent.statement.lines.minimumPayout'), `P 10.00${t('agent.statement.reached')}`],
      [t('agent.statement.lines.paid'), '+P 19.30'],
      [t('agent.statement.lines.pendingOut'), 'P 0.00'],
    ]);
    expect(within(detail).getByTestId('statement-entry').textContent).toBe('9001');

    const bets = within(detail).getByTestId('statement-bets');
    expect(await within(bets).findByText('member1')).toBeTruthy();
    expect(within(bets).getByText('−P 100.00')).toBeTruthy();
    expect(within(bets).getByText('R-501')).toBeTruthy();
    fireEvent.click(within(bets).getByRole('button', { name: t('pagination.next') }));
    expect(await within(bets).findByText('member2')).toBeTruthy();
    fireEvent.click(within(bets).getByRole('button', { name: t('pagination.last') }));
    expect(await within(bets).findByText('member3')).toBeTruthy();
    expect(betQueries).toEqual([
      '/wps/agent/income/31/bets?pageNo=1&pageSize=20',
      '/wps/agent/income/31/bets?pageNo=2&pageSize=20',
      '/wps/agent/income/31/bets?pageNo=3&pageSize=20',
    ]);
  });

  it('says when a statement paid nothing, and why its members fell short', async () => {
    renderIncome();
    const table = await screen.findByTestId('income-table');
    const row = table.querySelector<HTMLElement>('tr[data-statement="32"]')!;
    fireEvent.click(within(row).getByRole('button', { name: t('agent.income.open') }));
    const detail = await screen.findByTestId('statement-detail');
    expect(within(detail).getByTestId('statement-entry').textContent).toBe(t('agent.income.noEntry'));
    const members = detail.querySelector('[data-line="activeMembers"] .statement-value')?.textContent;
    expect(members).toBe(
      `${t('agent.statement.members', { count: 0, shown: '0', required: 1 })} · ${t('agent.statement.notMet')}`,
    );
    expect(detail.querySelector('[data-line="tier"] .statement-value')?.textContent).toBe(t('agent.statement.noTier'));
  });
});
