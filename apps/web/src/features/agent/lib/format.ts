import { fromMinor, isDecimalAmount, toMinor } from '@portal/shared/money';
import { formatDateTime, formatDay, formatTime } from '@/lib/date-time';

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

/**
 * A statement's window as the agent reads it in Dhaka: a day as its date, a dividend's period as its first and last
 * day, an hour or five minutes as the date and the time range ("27 Nov 2026, 9:00 pm – 10:00 pm").
 */
export function formatWindow(window: { start: string; end: string }, language: string): string {
  const start = Date.parse(window.start);
  const end = Date.parse(window.end);
  if (end - start <= 60 * 60 * 1000) {
    return `${formatDateTime(window.start, language)} – ${formatTime(window.end, language)}`;
  }
  const first = formatDay(window.start, language);
  // The end is the next window's start: the last day is the one before it.
  const last = formatDay(new Date(end - 1), language);
  return first === last ? first : `${first} – ${last}`;
}
