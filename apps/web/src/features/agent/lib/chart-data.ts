import type { TeamOverview } from '@portal/shared/agents';

export type DayRow = TeamOverview['days'][number];
export type ChartKey = Exclude<keyof DayRow, 'day'>;

export interface ChartSeries {
  key: ChartKey;
  /** Drawn as bars, or as a line over them (profit and loss, which may go below zero). */
  shape: 'bar' | 'line';
  /** A colour token of the theme, so both themes draw it in their own shade. */
  color: string;
}

export interface ChartSpec {
  id: string;
  kind: 'money' | 'count';
  series: ChartSeries[];
}

/** The team overview's charts: what people compare day by day rather than read. */
export const TEAM_CHARTS: ChartSpec[] = [
  {
    id: 'cashflow',
    kind: 'money',
    series: [
      { key: 'deposits', shape: 'bar', color: 'var(--chart-1)' },
      { key: 'withdrawals', shape: 'bar', color: 'var(--chart-2)' },
    ],
  },
  {
    id: 'betting',
    kind: 'money',
    series: [
      { key: 'validBets', shape: 'bar', color: 'var(--chart-3)' },
      { key: 'profitLoss', shape: 'line', color: 'var(--chart-4)' },
    ],
  },
  {
    id: 'growth',
    kind: 'count',
    series: [
      { key: 'newRegistrations', shape: 'bar', color: 'var(--chart-1)' },
      { key: 'firstDeposits', shape: 'bar', color: 'var(--chart-3)' },
    ],
  },
];

/** One point per day with numbers, which the chart library draws (amounts arrive as decimal strings). */
export function chartPoints(days: DayRow[], series: ChartSeries[]): Record<string, number | string>[] {
  return days.map((row) => {
    const point: Record<string, number | string> = { day: row.day };
    for (const { key } of series) point[key] = Number(row[key]);
    return point;
  });
}

/** A day of the range as the axis shows it: "27 Nov" in the player's language. */
export function shortDay(day: string, language: string): string {
  const locale = language === 'bn' ? 'bn-BD' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
