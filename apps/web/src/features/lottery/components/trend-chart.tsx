import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Frequency } from '../lib/trend';

/**
 * The frequency bars (recharts is heavy, so this file is its own chunk, loaded when the trend tab opens). Hot
 * numbers are drawn in the accent colour, cold ones in teal. `format` writes a number (the Vietnamese endings
 * 00–99); `tickEvery` labels every n-th bar only, where a label per bar would not fit.
 */
export default function TrendChart({
  frequency,
  hot,
  cold,
  format = String,
  tickEvery = 1,
  countLabel,
}: {
  frequency: Frequency[];
  hot: number[];
  cold: number[];
  format?: (value: number) => string;
  tickEvery?: number;
  /** The tooltip's name of a bar's count. */
  countLabel?: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      <BarChart
        data={frequency}
        margin={{ top: 8, right: 8, bottom: 0, left: -24 }}
        barCategoryGap={tickEvery > 1 ? 1 : '10%'}
      >
        <XAxis dataKey="value" tickLine={false} interval={tickEvery - 1} fontSize={12} tickFormatter={format} />
        <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
        <Tooltip
          cursor={{ fillOpacity: 0.1 }}
          labelFormatter={(value) => format(Number(value))}
          formatter={countLabel ? (count) => [count, countLabel] : undefined}
        />
        <Bar dataKey="count" radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {frequency.map((entry) => (
            <Cell
              key={entry.value}
              fill={hot.includes(entry.value) ? '#e0a020' : cold.includes(entry.value) ? '#1fb5a8' : '#8b93a7'}
            />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
