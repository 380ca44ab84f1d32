import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Frequency } from '../lib/trend';

/**
 * The frequency bars (recharts is heavy, so this file is its own chunk, loaded when the trend tab opens). Hot
 * numbers are drawn in the accent colour, cold ones in teal.
 */
export default function TrendChart({
  frequency,
  hot,
  cold,
}: {
  frequency: Frequency[];
  hot: number[];
  cold: number[];
}) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      <BarChart data={frequency} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
        <XAxis dataKey="value" tickLine={false} interval={0} fontSize={12} />
        <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
        <Tooltip cursor={{ fillOpacity: 0.1 }} />
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
