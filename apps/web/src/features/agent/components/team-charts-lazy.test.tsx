import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { atAgentCentreNow, renderCentre } from '../test/render-centre';

// The chart library is replaced by a marker: this file checks when its module is asked for, not how it draws. The
// test stands alone in its file, so no other test has loaded the module before it.
const chartModule = vi.hoisted(() => ({ loaded: vi.fn() }));
vi.mock('./team-charts', () => {
  chartModule.loaded();
  return { TeamChart: ({ spec }: { spec: { id: string } }) => <div data-testid={`chart-${spec.id}`} /> };
});

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;

atAgentCentreNow();

describe('Team overview charts', () => {
  it('loads the chart module only when a range of several days is shown, with a table of the same numbers', async () => {
    renderCentre();
    await screen.findByTestId('team-figures');
    // Today alone has nothing to compare day by day: no chart, and the chart library is not asked for.
    expect(screen.queryByRole('figure')).toBeNull();
    expect(chartModule.loaded).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: t('agent.period.thisWeek') }));
    expect(await screen.findByTestId('chart-cashflow')).toBeTruthy();
    expect(chartModule.loaded).toHaveBeenCalledTimes(1);
    const cashflow = screen.getByRole('figure', { name: t('agent.charts.cashflow') });
    // Screen readers get the numbers as a table: one row per day, 22 to 27 November.
    const table = within(cashflow).getByRole('table', { name: t('agent.charts.cashflow') });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['P 1,000.00', 'P 400.00']);
    expect(screen.getByRole('figure', { name: t('agent.charts.betting') })).toBeTruthy();
    expect(screen.getByRole('figure', { name: t('agent.charts.growth') })).toBeTruthy();
  });
});
