// The chart library is loaded with this module only, when a team overview of several days is on screen: it stays
// out of the start-up bundle and out of the agent centre's own chunk.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type ChartSpec, chartPoints, type DayRow, shortDay } from '../lib/chart-data';

export interface TeamChartProps {
  spec: ChartSpec;
  days: DayRow[];
  language: string;
  /** A series' name in the legend and the tooltip. */
  label: (key: string) => string;
  /** A value as the cards show it (money through the one money format). */
  formatValue: (value: number) => string;
  /** The short form of a value on the axis (12.5K). */
  formatTick: (value: number) => string;
}

const tick = { fill: 'var(--color-muted)', fontSize: 12 };

/** One chart of the team overview; the figure around it carries its title and a table for screen readers. */
export function TeamChart({ spec, days, language, label, formatValue, formatTick }: TeamChartProps) {
  const points = chartPoints(days, spec.series);
  return (
    <ResponsiveContainer width="100%" height={220}>
      <ComposedChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="day"
          tick={tick}
          tickFormatter={(day: string) => shortDay(day, language)}
          tickLine={false}
          axisLine={{ stroke: 'var(--color-border)' }}
          minTickGap={16}
          interval="preserveStartEnd"
        />
        <YAxis
          tick={tick}
          tickFormatter={formatTick}
          tickLine={false}
          axisLine={false}
          width={44}
          allowDecimals={spec.kind === 'money'}
        />
        <Tooltip
          formatter={(value, name) => [formatValue(Number(value)), label(String(name))]}
          labelFormatter={(day) => shortDay(String(day), language)}
          contentStyle={{
            background: 'var(--color-surface)',
            border: '1px solid var(--color-border)',
            borderRadius: 8,
            color: 'var(--color-text)',
          }}
          cursor={{ fill: 'var(--color-surface-2)' }}
        />
        <Legend formatter={(name) => <span className="team-chart__legend">{label(String(name))}</span>} />
        {spec.series.map((series) =>
          series.shape === 'bar' ? (
            <Bar
              key={series.key}
              dataKey={series.key}
              fill={series.color}
              radius={[3, 3, 0, 0]}
              maxBarSize={24}
              isAnimationActive={false}
            />
          ) : (
            <Line
              key={series.key}
              dataKey={series.key}
              stroke={series.color}
              strokeWidth={2}
              dot={days.length <= 14}
              type="monotone"
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
