import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { clearSessionHintCookie } from '@/test/auth-fixtures';
import { fail } from '@/test/render';
import { membersPage, teamMember } from '../test/agent-fixtures';
import { renderAnswering } from '../test/render-page';
import { TeamManagement } from './team-management';
import '../i18n/register';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

type Answer = (url: URL) => unknown;

const renderTeam = (answer: Answer) => renderAnswering('/wps/agent/team/members', <TeamManagement />, answer);

const direct = [
  teamMember({ account: 'karim', type: 1, directCount: 3, teamSize: 10, balance: '25000.00' }),
  teamMember({ account: 'rahim01', lastLoginAt: null, status: 'disabled' }),
];

afterEach(() => {
  vi.unstubAllGlobals();
  clearSessionHintCookie();
});

describe('Team management', () => {
  it('lists the direct downline newest first, with the money format, status and an empty last login', async () => {
    const queries = renderTeam(() => membersPage(direct, { totalCount: 2 }));
    const table = await screen.findByTestId('team-table');
    expect(queries).toEqual([{ sort: 'createdAt', order: 'desc', pageNo: '1', pageSize: '20' }]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(0, 5)).toEqual([
      'karim',
      t('agent.types.agent'),
      '3 / 10',
      'P 25,000.00',
      t('agent.team.status.active'),
    ]);
    expect(cells(rows[1]!)[4]).toBe(t('agent.team.status.disabled'));
    expect(cells(rows[1]!)[6]).toBe(t('agent.team.never'));
    // Only a member with a downline of its own opens one.
    expect(
      within(rows[0]!).getByRole('button', { name: t('agent.team.openDownline', { account: 'karim' }) }),
    ).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(screen.getByRole('navigation', { name: t('agent.team.breadcrumb') }).textContent).toBe(
      t('agent.team.myTeam'),
    );
  });

  it('searches the whole team by account, and clearing the search goes back to the direct downline', async () => {
    const queries = renderTeam((url) =>
      url.searchParams.get('account')
        ? membersPage([teamMember({ account: 'rahim02', level: 3 })])
        : membersPage(direct),
    );
    await screen.findByTestId('team-table');
    fireEvent.change(screen.getByLabelText(t('agent.team.search')), { target: { value: '  rah ' } });
    fireEvent.click(screen.getByRole('button', { name: t('agent.team.searchButton') }));
    expect(await screen.findByText('rahim02')).toBeTruthy();
    // Results come from any depth, so they say which level each is.
    const found = within(screen.getByTestId('team-table'));
    expect(found.getByRole('columnheader', { name: t('agent.team.columns.level') })).toBeTruthy();
    expect(found.getAllByRole('cell')[2]?.textContent).toBe('3');
    expect(queries[1]).toEqual({ account: 'rah', sort: 'createdAt', order: 'desc', pageNo: '1', pageSize: '20' });
    expect(screen.getByText(t('agent.team.results', { account: 'rah' }))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: t('agent.team.clearSearch') }));
    // The direct downline again (from the cache: the same query was answered a moment ago).
    expect(await screen.findByText('karim')).toBeTruthy();
    expect(screen.queryByText('rahim02')).toBeNull();
  });

  it('sorts by a column or the sort list, turning the order on a second press, and starts again at page 1', async () => {
    const queries = renderTeam((url) =>
      membersPage(direct, { pageNo: Number(url.searchParams.get('pageNo')), totalPages: 3, totalCount: 45 }),
    );
    await screen.findByTestId('team-table');
    fireEvent.click(screen.getByRole('button', { name: t('pagination.next') }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toMatchObject({ pageNo: '2', sort: 'createdAt' });

    const table = screen.getByTestId('team-table');
    fireEvent.click(within(table).getByRole('button', { name: t('agent.team.columns.balance') }));
    await waitFor(() => expect(queries).toHaveLength(3));
    expect(queries[2]).toMatchObject({ sort: 'balance', order: 'desc', pageNo: '1' });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('team-table')).getByRole('columnheader', { name: t('agent.team.columns.balance') }),
      ).toHaveProperty('ariaSort', 'descending'),
    );
    fireEvent.click(
      within(screen.getByTestId('team-table')).getByRole('button', { name: t('agent.team.columns.balance') }),
    );
    await waitFor(() => expect(queries).toHaveLength(4));
    expect(queries[3]).toMatchObject({ sort: 'balance', order: 'asc' });

    fireEvent.change(screen.getByLabelText(t('agent.team.sortLabel')), { target: { value: 'account:asc' } });
    await waitFor(() => expect(queries).toHaveLength(5));
    expect(queries[4]).toMatchObject({ sort: 'account', order: 'asc', pageNo: '1' });
  });

  it('drills into a downline and back along the breadcrumb from the answer’s path', async () => {
    const queries = renderTeam((url) => {
      const under = url.searchParams.get('under');
      if (under === 'karim') {
        return membersPage([teamMember({ account: 'selim', level: 2, directCount: 1, teamSize: 1 })], {
          path: ['karim'],
        });
      }
      if (under === 'selim')
        return membersPage([teamMember({ account: 'nasir', level: 3 })], { path: ['karim', 'selim'] });
      return membersPage(direct);
    });
    await screen.findByTestId('team-table');
    fireEvent.click(screen.getByRole('button', { name: t('agent.team.openDownline', { account: 'karim' }) }));
    fireEvent.click(await screen.findByRole('button', { name: t('agent.team.openDownline', { account: 'selim' }) }));
    expect(await screen.findByText('nasir')).toBeTruthy();
    expect(queries.map((query) => query.under)).toEqual([undefined, 'karim', 'selim']);

    const crumbs = screen.getByRole('navigation', { name: t('agent.team.breadcrumb') });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([t('agent.team.myTeam'), 'karim', 'selim']);
    expect(within(crumbs).getByText('selim').getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(crumbs).getByRole('button', { name: 'karim' }));
    expect(await screen.findByText('selim')).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: t('agent.team.breadcrumb') })).getByRole('button', {
        name: t('agent.team.myTeam'),
      }),
    );
    expect(await screen.findByText('rahim01')).toBeTruthy();
  });

  it('says when an account is not in the team and leads back to it', async () => {
    renderTeam((url) => (url.searchParams.get('under') ? fail(404, 'NOT_FOUND') : membersPage(direct)));
    fireEvent.click(await screen.findByRole('button', { name: t('agent.team.openDownline', { account: 'karim' }) }));
    expect(await screen.findByText(t('agent.team.notInTeam'))).toBeTruthy();
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: t('agent.team.myTeam') }));
    expect(await screen.findByText('rahim01')).toBeTruthy();
  });

  it('says when the team has nobody yet', async () => {
    renderTeam(() => membersPage([]));
    expect(await screen.findByText(t('agent.team.noDownline'))).toBeTruthy();
  });
});
