import { fromMinor, isDecimalAmount, toMinor } from '@portal/shared/money';

/** Counts in the portal's grouping (the money format's too): 12,345. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Axis labels: 950, 12.5K, 3.2M; short enough for a 360 px screen. */
export function formatCompact(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** Whether an amount is below, at or above zero: P&L is told by its sign, not by colour alone. */
export function toneOf(amount: string): 'plus' | 'minus' | 'zero' {
  if (!isDecimalAmount(amount)) return 'zero';
  const minor = toMinor(amount);
  return minor > 0n ? 'plus' : minor < 0n ? 'minus' : 'zero';
}

/** An amount with its sign in front of the one money format: "+৳ 1,500.00", "−৳ 200.00", "৳ 0.00". */
export function signedMoney(amount: string, money: (amount: string) => string): string {
  const tone = toneOf(amount);
  if (tone === 'zero') return money(amount);
  const minor = toMinor(amount);
  return `${tone === 'plus' ? '+' : '−'}${money(fromMinor(minor < 0n ? -minor : minor))}`;
}
