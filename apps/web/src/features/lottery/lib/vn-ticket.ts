import { fromMinor, toMinor } from '@portal/shared/money';
import type { SlipItem, VnBetType, VnResult } from '../api/lottery-types';

/** Points of one Vietnamese pick: 1..1000 (the bet's multiple). */
export const MAX_POINTS = 1000;

/** The 2-digit numbers of the grid, 00 to 99. */
export const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

/** Bets whose pick is one number, each number its own bet (lô, đề, 3 càng); xiên picks several numbers as one. */
export function isXien(bet: Pick<VnBetType, 'numbers'>): boolean {
  return bet.numbers > 1;
}

/** A typed number as the bet needs it: the digits, zero-padded to the bet's length; null when it is not one. */
export function typedNumber(text: string, digits: 2 | 3): string | null {
  const trimmed = text.trim();
  if (!/^[0-9]{1,3}$/.test(trimmed) || trimmed.length > digits) return null;
  return trimmed.padStart(digits, '0');
}

/** A xiên's selection: its numbers distinct, ascending and comma separated ("07,12,33"), as the server takes it. */
export function xienSelection(numbers: readonly string[]): string {
  return [...new Set(numbers)].sort().join(',');
}

/** The slip items of the picked numbers: one per number, or one xiên of all of them once it has as many as it needs. */
export function vnItems(bet: VnBetType, numbers: readonly string[], points: number): SlipItem[] {
  const base = { betType: bet.betType, stake: bet.pricePerPoint, multiple: points };
  if (isXien(bet)) {
    const distinct = [...new Set(numbers)];
    return distinct.length === bet.numbers ? [{ ...base, selection: xienSelection(distinct) }] : [];
  }
  return numbers.map((selection) => ({ ...base, selection }));
}

export interface VnTicket {
  /** How many lô one point counts on. */
  counts: number;
  pricePerPoint: string;
  points: number;
  /** price per point × points, for each pick. */
  costPerPick: string;
  picks: number;
  /** Every pick's cost. */
  total: string;
  /** What one pick pays: per appearance for lô, once for the others. */
  payoutPerPick: string;
  perAppearance: boolean;
}

/** The ticket preview: what the bet counts, costs and pays, before it is confirmed. */
export function vnTicket(bet: VnBetType, picks: number, points: number): VnTicket {
  const costPerPick = toMinor(bet.pricePerPoint) * BigInt(points);
  return {
    counts: bet.counts,
    pricePerPoint: bet.pricePerPoint,
    points,
    costPerPick: fromMinor(costPerPick),
    picks,
    total: fromMinor(costPerPick * BigInt(picks)),
    payoutPerPick: fromMinor(toMinor(bet.payoutPerPoint) * BigInt(points)),
    perAppearance: bet.betType.startsWith('lo'),
  };
}

/** The special prize's number, whose last two digits settle đề and last three 3 càng. */
export function specialOf(result: VnResult | null | undefined): string | null {
  return result?.prizes?.DB?.[0] ?? null;
}

/** Whether a draw's result is a Vietnamese prize table. */
export function isVnResult(result: unknown): result is VnResult {
  return typeof result === 'object' && result !== null && 'prizes' in result;
}
