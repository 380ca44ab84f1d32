import { AMOUNT_INPUT_PATTERN, fromMinor, isDecimalAmount, parsePositiveAmount, toMinor } from '@portal/shared/money';

export interface AmountLimits {
  /** Decimal strings with two places, as the API sends them. */
  min?: string;
  max?: string;
  /** What the member has: an amount above it cannot leave the wallet. */
  balance?: string;
}

export type AmountCheck =
  | { ok: true; amount: string; minor: bigint }
  | { ok: false; problem: 'required' | 'invalid' | 'belowMin' | 'aboveMax' | 'aboveBalance'; limit?: string };

function minorOf(limit: string | undefined): bigint | null {
  return limit !== undefined && isDecimalAmount(limit) ? toMinor(limit) : null;
}

/**
 * An amount the member typed, checked with the server's rule (parsePositiveAmount: digits, at most two decimals,
 * no sign, no exponent) and against the limits on screen. The amount sent is the canonical two-place string, so
 * "100" and "100.00" are the same submission.
 */
export function checkAmount(text: string, limits: AmountLimits = {}): AmountCheck {
  const value = text.trim();
  if (!value) return { ok: false, problem: 'required' };
  const minor = parsePositiveAmount(value);
  if (minor === null) return { ok: false, problem: 'invalid' };
  const min = minorOf(limits.min);
  const max = minorOf(limits.max);
  const balance = minorOf(limits.balance);
  if (min !== null && minor < min) return { ok: false, problem: 'belowMin', limit: limits.min };
  if (max !== null && max > 0n && minor > max) return { ok: false, problem: 'aboveMax', limit: limits.max };
  if (balance !== null && minor > balance) return { ok: false, problem: 'aboveBalance', limit: limits.balance };
  return { ok: true, amount: fromMinor(minor), minor };
}

/**
 * An amount that may be zero (how much of a withdrawal arrived): the same pattern, and below `below` when given.
 */
export function checkReceivedAmount(text: string, below: string): AmountCheck {
  const value = text.trim();
  if (!value) return { ok: false, problem: 'required' };
  if (!AMOUNT_INPUT_PATTERN.test(value)) return { ok: false, problem: 'invalid' };
  const minor = toMinor(value);
  const limit = minorOf(below);
  if (limit !== null && minor >= limit) return { ok: false, problem: 'aboveMax', limit: below };
  return { ok: true, amount: fromMinor(minor), minor };
}

/** Keeps what an amount field may hold: digits and one decimal point. */
export function cleanAmountInput(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  return point < 0 ? cleaned : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, '')}`;
}
