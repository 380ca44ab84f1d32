import { fromMinor, toMinor } from '@portal/shared/money';
import type { LotteryGameDetails, SlipItem } from '../api/lottery-types';

/** The stake chips of the slip, in the brand's currency; a pick's amount is its stake times its multiple. */
export const STAKE_CHIPS = ['1.00', '5.00', '10.00', '50.00', '100.00'] as const;
export const MAX_MULTIPLE = 1000;
/** The slip endpoint takes 1..50 picks. */
export const MAX_SLIP_ITEMS = 50;
/** A chase covers at most this many draws (the server's MAX_CHASE_DRAWS). */
export const MAX_CHASE_DRAWS = 50;

/**
 * The best multiplier a pick can be paid at (the stake included), in ten-thousandths, from the game's odds keys:
 * the key of the pick itself (`sum_10`), then of its selection (`violet`), then of its bet type (`number`). A Win Go
 * colour whose number is also violet pays less (`colour_shared`); the slip shows the most a pick can win.
 */
export function oddsE4Of(odds: LotteryGameDetails['odds'], betType: string, selection: string): number | null {
  const value = odds[`${betType}_${selection}`] ?? odds[selection] ?? odds[betType];
  if (value === undefined) return null;
  const parsed = Math.round(Number(value) * 10_000);
  return Number.isFinite(parsed) ? parsed : null;
}

export function itemCostMinor(item: Pick<SlipItem, 'stake' | 'multiple'>): bigint {
  return toMinor(item.stake) * BigInt(item.multiple);
}

/** What a pick pays at most, rounded down to the minor unit as the server pays it. */
export function itemWinMinor(item: SlipItem, odds: LotteryGameDetails['odds']): bigint | null {
  const e4 = oddsE4Of(odds, item.betType, item.selection);
  if (e4 === null) return null;
  return (itemCostMinor(item) * BigInt(e4)) / 10_000n;
}

export interface SlipTotals {
  /** The cost of one draw's picks. */
  cost: string;
  /** The cost over every draw of a chase. */
  total: string;
  /**
   * The most the picks can win on one draw: the best pick of each bet type, since one draw's result can satisfy at
   * most one selection of a bet type whose selections exclude each other (a number, a size, a colour pair).
   */
  bestWin: string;
}

export function slipTotals(items: readonly SlipItem[], odds: LotteryGameDetails['odds'], draws = 1): SlipTotals {
  let cost = 0n;
  const bestByType = new Map<string, bigint>();
  for (const item of items) {
    cost += itemCostMinor(item);
    const win = itemWinMinor(item, odds) ?? 0n;
    const best = bestByType.get(item.betType) ?? 0n;
    if (win > best) bestByType.set(item.betType, win);
  }
  const bestWin = [...bestByType.values()].reduce((sum, win) => sum + win, 0n);
  return { cost: fromMinor(cost), total: fromMinor(cost * BigInt(draws)), bestWin: fromMinor(bestWin) };
}

/** Adds a pick, or removes it when the same bet type and selection is already on the slip. */
export function togglePick<T extends Pick<SlipItem, 'betType' | 'selection'>>(items: readonly T[], pick: T): T[] {
  const same = (item: T) => item.betType === pick.betType && item.selection === pick.selection;
  if (items.some(same)) return items.filter((item) => !same(item));
  if (items.length >= MAX_SLIP_ITEMS) return [...items];
  return [...items, pick];
}

export function clampMultiple(value: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(MAX_MULTIPLE, Math.max(1, Math.trunc(value)));
}

/** The bet types of a game in the order the details list them, each with its selections. */
export function betTypesOf(details: Pick<LotteryGameDetails, 'betTypes'>): { betType: string; selections: string[] }[] {
  const types = new Map<string, string[]>();
  for (const edge of details.betTypes) {
    const list = types.get(edge.betType) ?? [];
    list.push(edge.selection);
    types.set(edge.betType, list);
  }
  return [...types].map(([betType, selections]) => ({ betType, selections }));
}
