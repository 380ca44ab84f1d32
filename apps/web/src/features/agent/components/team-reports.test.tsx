import type { ProfitLossPage, TeamBettingPage, TeamBettingRow } from '@portal/shared/agents';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie } from '@/test/auth-fixtures';
import { fail } from '@/test/render';
import { renderAnswering } from '../test/render-page';
import { TeamBetting } from './team-betting';
import { UserProfitLoss } from './user-profit-loss';
import '../i18n/register';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

function bettingRow(overrides: Partial<TeamBettingRow> = {}): TeamBettingRow {
  return {
    account: 'rahim01',
    level: 1,
    betCount: 3,
    validBets: '120.00',
    wins: '250.00',
    profitLoss: '130.00',
    ...overrides,
  };
}

function bettingPage(list: TeamBettingRow[], overrides: Partial<TeamBettingPage> = {}): TeamBettingPage {
  return {
    list,
    pageNo: 1,
    pageSize: 20,
    totalCount: list.length,
    totalPages: 1,
    totals: { betCount: 5, validBets: '170.50', wins: '250.25', profitLoss: '79.75' },
    gameTypes: ['RNG', 'FISH'],
    vendors: [
      { code: 'PG', name: 'PG Soft', gameTypes: ['RNG'] },
      { code: 'JILI', name: 'JILI', gameTypes: ['RNG', 'FISH'] },
    ],
    ...overrides,
  };
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Team betting', () => {
  it('lists each downline with its figures, signed results and the totals of every row', async () => {
    const queries = renderAnswering('/wps/agent/team/betting', <TeamBetting />, () =>
      bettingPage(
        [bettingRow(), bettingRow({ account: 'karim', level: 2, profitLoss: '-50.25', validBets: '50.50' })],
        {
          totalCount: 41,
        },
      ),
    );
    const table = await screen.findByTestId('report-table');
    expect(queries[0]).toMatchObject({ sort: 'validBets', order: 'desc', pageNo: '1', pageSize: '20' });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[1]!)).toEqual(['rahim01', '1', '3', 'P 120.00', 'P 250.00', '+P 130.00']);
    expect(cells(rows[2]!)[5]).toBe('−P 50.25');
    const totals = within(screen.getByTestId('report-totals')).getByRole('row');
    expect(within(totals).getByRole('rowheader').textContent).toBe(t('agent.reports.totals', { count: 41 }));
    expect(cells(totals)).toEqual(['5', 'P 170.50', 'P 250.25', '+P 79.75']);
  });

  it('sorts from the column headers (aria-sort), and filters by game type and vendor from page 1', async () => {
    const queries = renderAnswering('/wps/agent/team/betting', <TeamBetting />, () => bettingPage([bettingRow()]));
    await screen.findByTestId('report-table');
    const wins = screen.getByRole('button', { name: t('agent.reports.columns.wins') });
    fireEvent.click(wins);
    await waitFor(() => expect(wins.closest('th')?.getAttribute('aria-sort')).toBe('descending'));
    fireEvent.click(wins);
    await waitFor(() => expect(wins.closest('th')?.getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.change(screen.getByLabelText(t('agent.reports.gameType')), { target: { value: 'FISH' } });
    // Only the vendors of that game type are offered.
    const vendor = screen.getByLabelText(t('agent.reports.vendor')) as HTMLSelectElement;
    await waitFor(() => expect([...vendor.options].map((option) => option.value)).toEqual(['', 'JILI']));
    fireEvent.change(vendor, { target: { value: 'JILI' } });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ gameType: 'FISH', vendor: 'JILI', pageNo: '1' }));
    expect(queries.map((query) => `${query.sort}:${query.order}`)).toContain('wins:asc');
    expect(screen.getByRole('option', { name: t('gameTypes.FISH') })).toBeTruthy();
  });

  it('says when the account is not in the team and leads back to the whole team', async () => {
    const queries = renderAnswering('/wps/agent/team/betting', <TeamBetting />, (url) =>
      url.searchParams.get('account') ? fail(404, 'NOT_FOUND') : bettingPage([bettingRow()]),
    );
    await screen.findByTestId('report-table');
    fireEvent.change(screen.getByLabelText(t('agent.reports.account')), { target: { value: 'stranger' } });
    fireEvent.click(screen.getByRole('button', { name: t('agent.team.searchButton') }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(t('agent.team.notInTeam'))).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: t('agent.reports.wholeTeam') }));
    expect(await screen.findByTestId('report-table')).toBeTruthy();
    expect(queries.map((query) => query.account)).toEqual([undefined, 'stranger']);
  });
});

describe('User profit and loss', () => {
  const page: ProfitLossPage = {
    list: [
      {
        account: 'karim',
        level: 2,
        deposits: '0.00',
        withdrawals: '100.00',
        validBets: '50.50',
        wins: '0.25',
        bonuses: '300.00',
        profitLoss: '249.75',
      },
    ],
    pageNo: 1,
    pageSize: 20,
    totalCount: 1,
    totalPages: 1,
    totals: {
      deposits: '0.00',
      withdrawals: '100.00',
      validBets: '50.50',
      wins: '0.25',
      bonuses: '300.00',
      profitLoss: '249.75',
    },
  };

  it('lists deposits, withdrawals, valid bets, wins, bonuses and the result, sorted by result first', async () => {
    const queries = renderAnswering('/wps/agent/team/profit-loss', <UserProfitLoss />, () => page);
    const table = await screen.findByTestId('report-table');
    expect(queries[0]).toMatchObject({ sort: 'profitLoss', order: 'desc' });
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual([
      'karim',
      '2',
      'P 0.00',
      'P 100.00',
      'P 50.50',
      'P 0.25',
      'P 300.00',
      '+P 249.75',
    ]);
    expect(screen.queryByLabelText(t('agent.reports.gameType'))).toBeNull();
    fireEvent.change(screen.getByLabelText(t('agent.reports.sortLabel')), { target: { value: 'deposits:asc' } });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ sort: 'deposits', order: 'asc' }));
  });

  it('says so when nothing moved', async () => {
    renderAnswering('/wps/agent/team/profit-loss', <UserProfitLoss />, () => ({ ...page, list: [], totalCount: 0 }));
    expect(await screen.findByText(t('agent.reports.nothing.userProfitLoss'))).toBeTruthy();
  });
});
