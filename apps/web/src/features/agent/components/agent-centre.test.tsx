import { AGENT_CENTRE_PAGES } from '@portal/shared/agents';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { memberInfo } from '@/test/auth-fixtures';
import { atAgentCentreNow, renderCentre } from '../test/render-centre';

// The chart library is replaced by a marker: these tests check when its module is asked for, not how it draws.
const chartModule = vi.hoisted(() => ({ loaded: vi.fn() }));
vi.mock('./team-charts', () => {
  chartModule.loaded();
  return { TeamChart: ({ spec }: { spec: { id: string } }) => <div data-testid={`chart-${spec.id}`} /> };
});

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

const range = (url: URL | undefined) => [url?.searchParams.get('from'), url?.searchParams.get('to')];

atAgentCentreNow();

describe('Agent centre', () => {
  it('opens on the team overview of today and lists only the pages that work', async () => {
    const { overviews } = renderCentre();
    const menu = await screen.findByRole('navigation', { name: t('agent.menu') });
    const labels = within(menu)
      .getAllByRole('button')
      .map((button) => button.textContent);
    const working = [
      'announcement',
      'teamOverview',
      'registerCentre',
      'teamManagement',
      'teamBetting',
      'userProfitLoss',
      'myIncome',
      'downlineTransactions',
    ] as const;
    expect(labels).toEqual(working.map((page) => t(`agent.pages.${page}`)));
    // In the spec's order of pages.
    expect(AGENT_CENTRE_PAGES.filter((page) => (working as readonly string[]).includes(page))).toEqual([...working]);
    expect(within(menu).getByRole('button', { current: 'page' }).textContent).toBe(t('agent.pages.teamOverview'));
    await screen.findByTestId('team-figures');
    expect(overviews.map(range)).toEqual([['2026-11-27', '2026-11-27']]);

    fireEvent.click(within(menu).getByRole('button', { name: t('agent.pages.teamManagement') }));
    expect(await screen.findByTestId('team-management')).toBeTruthy();

    fireEvent.click(within(menu).getByRole('button', { name: t('agent.pages.downlineTransactions') }));
    expect(await screen.findByTestId('downline-transactions')).toBeTruthy();
    expect(await screen.findByText(t('agent.transactions.nothing'))).toBeTruthy();

    fireEvent.click(within(menu).getByRole('button', { name: t('agent.pages.announcement') }));
    expect(await screen.findByText('Cricket season team challenge')).toBeTruthy();

    fireEvent.click(within(menu).getByRole('button', { name: t('agent.pages.registerCentre') }));
    expect(await screen.findByTestId('new-downline-form')).toBeTruthy();
    expect(await screen.findByRole('article', { name: t('agent.links.default') })).toBeTruthy();
  });

  it('lists a contract page only while its switch is on, in the spec’s order', async () => {
    renderCentre(undefined, { divtypereq: true, contracthoursalreq: true });
    const menu = await screen.findByRole('navigation', { name: t('agent.menu') });
    await within(menu).findByRole('button', { name: t('agent.pages.dividend') });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      t('agent.pages.announcement'),
      t('agent.pages.teamOverview'),
      t('agent.pages.registerCentre'),
      t('agent.pages.teamManagement'),
      t('agent.pages.teamBetting'),
      t('agent.pages.userProfitLoss'),
      t('agent.pages.myIncome'),
      t('agent.pages.downlineTransactions'),
      t('agent.pages.dividend'),
      t('agent.pages.hourlySalary'),
    ]);
    expect(within(menu).queryByRole('button', { name: t('agent.pages.dailyWages') })).toBeNull();
    expect(within(menu).queryByRole('button', { name: t('agent.pages.realTimeSalary') })).toBeNull();

    fireEvent.click(within(menu).getByRole('button', { name: t('agent.pages.dividend') }));
    expect(await screen.findByTestId('contract-page-dividend')).toBeTruthy();
    expect(
      await screen.findByText(t('agent.contracts.myContract', { type: t('agent.contracts.types.dividend') })),
    ).toBeTruthy();
  });

  it('tells a player that the centre is for agents, without asking for team figures', async () => {
    const { overviews } = renderCentre(memberInfo({ type: 0 }));
    expect(await screen.findByText(t('agent.agentsOnly'))).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: t('agent.menu') })).toBeNull();
    expect(overviews).toEqual([]);
  });

  it('asks for each preset’s days in Dhaka', async () => {
    const { overviews } = renderCentre();
    await screen.findByTestId('team-figures');
    const presets = screen.getByRole('group', { name: t('agent.period.label') });
    for (const preset of ['yesterday', 'thisWeek', 'thisMonth', 'today']) {
      fireEvent.click(within(presets).getByRole('button', { name: t(`agent.period.${preset}`) }));
      await waitFor(() =>
        expect(within(presets).getByRole('button', { pressed: true }).textContent).toBe(t(`agent.period.${preset}`)),
      );
    }
    await waitFor(() => expect(overviews).toHaveLength(4));
    expect(overviews.map(range)).toEqual([
      ['2026-11-27', '2026-11-27'],
      ['2026-11-26', '2026-11-26'],
      ['2026-11-22', '2026-11-27'],
      ['2026-11-01', '2026-11-27'],
    ]);
  });

  it('asks for a chosen range, and refuses one longer than 93 days before asking', async () => {
    const { overviews } = renderCentre();
    await screen.findByTestId('team-figures');
    fireEvent.click(screen.getByRole('button', { name: t('agent.period.custom') }));
    const from = screen.getByLabelText(t('agent.period.from'));
    const to = screen.getByLabelText(t('agent.period.to'));
    fireEvent.change(from, { target: { value: '2026-08-01' } });
    fireEvent.change(to, { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByRole('button', { name: t('agent.period.apply') }));
    expect(await screen.findByText(t('agent.period.problems.too_long', { days: 93 }))).toBeTruthy();
    expect(overviews).toHaveLength(1);

    fireEvent.change(from, { target: { value: '2026-10-01' } });
    fireEvent.click(screen.getByRole('button', { name: t('agent.period.apply') }));
    await waitFor(() => expect(overviews).toHaveLength(2));
    expect(range(overviews[1])).toEqual(['2026-10-01', '2026-11-20']);
  });

  it('shows the nine figures formatted: counts grouped, money in the one format, P&L with its sign', async () => {
    renderCentre();
    const figures = await screen.findByTestId('team-figures');
    const value = (figure: string) =>
      figures.querySelector(`[data-figure="${figure}"] .team-figure__value`)?.textContent;
    expect(value('members')).toBe('1,234');
    expect(value('newRegistrations')).toBe('12');
    expect(value('activeMembers')).toBe('345');
    expect(value('firstDeposits')).toBe('7');
    expect(value('deposits')).toBe('P 125,000.50');
    expect(value('withdrawals')).toBe('P 82,000.00');
    expect(value('validBets')).toBe('P 1,530,000.25');
    expect(value('bonuses')).toBe('P 2,500.00');
    expect(value('profitLoss')).toBe('−P 43,210.75');
    expect(within(figures).getByText(t('agent.overview.depositCount', { count: 48 }))).toBeTruthy();
    expect(within(figures).getByText(t('agent.overview.withdrawalCount', { count: 1 }))).toBeTruthy();
  });
});
