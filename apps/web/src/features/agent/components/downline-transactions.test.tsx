import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { fail } from '@/test/render';
import { teamTransaction, transactionsPage } from '../test/agent-fixtures';
import { atAgentCentreNow } from '../test/render-centre';
import { renderAnswering } from '../test/render-page';
import { DownlineTransactions } from './downline-transactions';
import '../i18n/register';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

type Answer = (url: URL) => unknown;

const renderTransactions = (answer: Answer) =>
  renderAnswering('/wps/agent/team/transactions', <DownlineTransactions />, answer);

const rows = [
  teamTransaction({ id: '3', time: '2026-11-26T14:30:00.000Z', account: 'karim', level: 1, amount: '25000.00' }),
  teamTransaction({
    id: '2',
    time: '2026-11-26T10:05:00.000Z',
    account: 'selim',
    level: 2,
    type: 'withdrawal',
    amount: '-1200.50',
    balanceAfter: '800.00',
    reference: 'W202611260007',
  }),
];

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

atAgentCentreNow();

describe('Downline transaction details', () => {
  it('lists today’s movements with the time in Dhaka, signed amounts, balances, references and the totals', async () => {
    const queries = renderTransactions(() =>
      transactionsPage(rows, { totalCount: 2, totalIn: '25000.00', totalOut: '1200.50' }),
    );
    const table = await screen.findByTestId('transactions-table');
    expect(queries).toEqual([{ from: '2026-11-27', to: '2026-11-27', pageNo: '1', pageSize: '20' }]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    // 14:30 UTC is 8:30 pm in Dhaka, written as Bengali (the default language) writes it.
    expect(cells(first!)[0]).toBe('২৬ নভে, ২০২৬, ৮:৩০ PM');
    expect(cells(first!).slice(1)).toEqual([
      'karim',
      '1',
      `${t('agent.transactions.types.deposit')}${t('agent.transactions.reference')}: D202611260001`,
      '+P 25,000.00',
      'P 3,000.00',
    ]);
    expect(cells(second!).slice(1)).toEqual([
      'selim',
      '2',
      `${t('agent.transactions.types.withdrawal')}${t('agent.transactions.reference')}: W202611260007`,
      '−P 1,200.50',
      'P 800.00',
    ]);
    const totals = screen.getByTestId('transaction-totals');
    expect(totals.querySelector('[data-figure="totalIn"] .team-figure__value')?.textContent).toBe('P 25,000.00');
    expect(totals.querySelector('[data-figure="totalOut"] .team-figure__value')?.textContent).toBe('P 1,200.50');
    expect(screen.getByText(t('agent.transactions.total', { count: 2 }))).toBeTruthy();
  });

  it('asks for a preset’s days, a type and an exact account, each from page 1', async () => {
    const queries = renderTransactions((url) =>
      transactionsPage(rows, { pageNo: Number(url.searchParams.get('pageNo')), totalPages: 4, totalCount: 70 }),
    );
    await screen.findByTestId('transactions-table');
    fireEvent.click(screen.getByRole('button', { name: t('pagination.next') }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toMatchObject({ pageNo: '2' });

    const presets = screen.getByRole('group', { name: t('agent.period.label') });
    fireEvent.click(within(presets).getByRole('button', { name: t('agent.period.thisWeek') }));
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(queries[2]).toEqual({ from: '2026-11-22', to: '2026-11-27', pageNo: '1', pageSize: '20' });

    fireEvent.change(screen.getByLabelText(t('agent.transactions.type')), { target: { value: 'withdrawal' } });
    await waitFor(() => expect(queries).toHaveLength(4));
    expect(queries[3]).toEqual({
      from: '2026-11-22',
      to: '2026-11-27',
      type: 'withdrawal',
      pageNo: '1',
      pageSize: '20',
    });

    fireEvent.change(screen.getByLabelText(t('agent.transactions.account')), { target: { value: '  selim ' } });
    fireEvent.click(screen.getByRole('button', { name: t('agent.team.searchButton') }));
    await waitFor(() => expect(queries).toHaveLength(5));
    expect(queries[4]).toEqual({
      from: '2026-11-22',
      to: '2026-11-27',
      type: 'withdrawal',
      account: 'selim',
      pageNo: '1',
      pageSize: '20',
    });
    expect(await screen.findByText(t('agent.transactions.ofAccount', { account: 'selim' }))).toBeTruthy();

    fireEvent.change(screen.getByLabelText(t('agent.transactions.type')), { target: { value: '' } });
    await waitFor(() => expect(queries).toHaveLength(6));
    expect(queries[5]).not.toHaveProperty('type');
    expect(queries[5]).toMatchObject({ account: 'selim' });
  });

  it('pages through the list with the shared pagination', async () => {
    const queries = renderTransactions((url) => {
      const pageNo = Number(url.searchParams.get('pageNo'));
      const list = [teamTransaction({ id: `p${pageNo}`, account: `member${pageNo}` })];
      return transactionsPage(list, { pageNo, totalPages: 3, totalCount: 45 });
    });
    expect(await screen.findByText('member1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('pagination.last') }));
    expect(await screen.findByText('member3')).toBeTruthy();
    expect(screen.getByRole('button', { name: t('pagination.next') })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: t('pagination.previous') }));
    expect(await screen.findByText('member2')).toBeTruthy();
    expect(queries.map((query) => query.pageNo)).toEqual(['1', '3', '2']);
  });

  it('says when the account is not in the team and leads back to the whole team', async () => {
    const queries = renderTransactions((url) =>
      url.searchParams.get('account') ? fail(404, 'NOT_FOUND') : transactionsPage(rows),
    );
    await screen.findByTestId('transactions-table');
    fireEvent.change(screen.getByLabelText(t('agent.transactions.account')), { target: { value: 'stranger' } });
    fireEvent.click(screen.getByRole('button', { name: t('agent.team.searchButton') }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(t('agent.team.notInTeam'))).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: t('agent.transactions.wholeTeam') }));
    expect(await screen.findByTestId('transactions-table')).toBeTruthy();
    expect(queries.map((query) => query.account)).toEqual([undefined, 'stranger']);
    expect((screen.getByLabelText(t('agent.transactions.account')) as HTMLInputElement).value).toBe('');
  });

  it('does not blame an account for a 404 when none was asked for', async () => {
    renderTransactions(() => fail(404, 'NOT_FOUND'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(t('common.loadFailed'))).toBeTruthy();
    expect(within(alert).queryByText(t('agent.team.notInTeam'))).toBeNull();
  });

  it('says when the period has no movements, still with its totals', async () => {
    renderTransactions(() => transactionsPage([]));
    expect(await screen.findByText(t('agent.transactions.nothing'))).toBeTruthy();
    expect(
      screen.getByTestId('transaction-totals').querySelector('[data-figure="totalIn"] .team-figure__value')
        ?.textContent,
    ).toBe('P 0.00');
  });
});
