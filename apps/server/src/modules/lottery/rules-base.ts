/**
 * What every lottery group's rules are made of (rules.ts holds the shared draw formula and the registry; a file per
 * group holds how that group turns the formula's uniform values into a result, and its bet types).
 */

/**
 * A drawn result: the WINGO number, the K3 dice, the 5D/SSC digits, the 11X5 balls, the PK10 ranking (the car at
 * each position, champion first), or the LHC main numbers and special number. Numbers are in the order drawn.
 */
export type DrawResult =
  | { number: number }
  | { dice: [number, number, number] }
  | { digits: number[] }
  | { balls: number[] }
  | { ranking: number[] }
  | { numbers: number[]; special: number }
  | VnResult;

export type VnPrizeName = 'DB' | 'G1' | 'G2' | 'G3' | 'G4' | 'G5' | 'G6' | 'G7' | 'G8';
export type VnPrizes = Partial<Record<VnPrizeName, string[]>>;
export type VnSource = 'demo' | 'feed' | 'operator';
/** A Vietnamese draw's result as stored and served: the prizes and where they came from (vn-rules.ts). */
export interface VnResult {
  prizes: VnPrizes;
  source: VnSource;
}

/** What settlement knows of a bet when it asks a bet type for its payout. */
export interface SettledBet {
  amountMinor: bigint;
  stakeMinor: bigint;
  selection: string;
}

/** Odds as payout multipliers (the stake included) in ten-thousandths: 19600 pays 1.96 times the stake. */
export type Odds = ReadonlyMap<string, number>;

/** Of `of` equally likely results, `ways` pay the odds `oddsKey` (each result pays at most one key). */
export interface Chance {
  oddsKey: string;
  ways: bigint;
  of: bigint;
}

export interface BetType {
  /** The bet type's code, as a bet names it. */
  code: string;
  /** The selections it takes (a number, a colour, a sum). */
  selections: readonly string[];
  /** The multiplier a stake on `selection` is paid at when the draw gives `result` (0 when it loses), from `odds`. */
  payoutE4(result: DrawResult, selection: string, odds: Odds): number;
  /** The odds keys its payouts read for a selection (what the operator sets). */
  oddsKeys(selection: string): string[];
  /**
   * The exact chances of each payout, counted by combinatorics, for groups whose results are too many to enumerate
   * (rules.test.ts checks them against an enumeration where one is feasible).
   */
  chances?(selection: string): Chance[];
  /** Checks a selection too many to list in `selections` (the Vietnamese bets). */
  accepts?(selection: string): boolean;
  /** A bet type priced per point (the Vietnamese bets): the one stake a bet of it must have. */
  pricePerPointMinor?(odds: Odds): bigint;
  /** A payout not of the form stake × multiplier (the Vietnamese bets pay per point and appearance), exactly. */
  payoutMinor?(bet: SettledBet, result: DrawResult, odds: Odds): bigint;
}

/** Takes the next uniform value 0..n−1 of a draw's stream (step 4 of the formula in rules.ts). */
export type Take = (n: number) => number;

export interface GroupRules {
  /** The result from the draw's uniform values, exactly as the group's header comment documents. */
  draw(take: Take): DrawResult;
  bets: readonly BetType[];
  /** Every result, each equally likely, when few enough to enumerate for the house edge; else each bet's chances. */
  allResults?(): DrawResult[];
  /** The group's steps of the formula, as the verify endpoint shows them. */
  formula: string;
}

export function need(odds: Odds, key: string): number {
  const value = odds.get(key);
  if (value === undefined) throw new Error(`lottery odds ${key} are not set`);
  return value;
}

/**
 * `count` numbers drawn without replacement from `pool` (kept in ascending order): each step takes a value v with
 * n = the numbers left, and the v-th (from 0) of the numbers left in ascending order is drawn and removed.
 */
export function drawWithoutReplacement(take: Take, pool: readonly number[], count: number): number[] {
  const left = [...pool].sort((a, b) => a - b);
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) drawn.push(left.splice(take(left.length), 1)[0] as number);
  return drawn;
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
export const pad2 = (n: number) => String(n).padStart(2, '0');

/** The k-element subsets of `items`, each in the items' order. */
export function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...combinations(rest, k - 1).map((tail) => [first, ...tail]), ...combinations(rest, k)];
}

export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

export function factorial(n: number): bigint {
  let result = 1n;
  for (let i = 2; i <= n; i++) result *= BigInt(i);
  return result;
}

/** A result's field, or an error naming the group that settles against it. */
export function field<K extends string>(
  result: DrawResult,
  key: K,
  group: string,
): Extract<DrawResult, Record<K, unknown>>[K] {
  if (!(key in result)) throw new Error(`a ${group} bet settles against a result with ${key}`);
  return (result as Record<K, unknown>)[key] as Extract<DrawResult, Record<K, unknown>>[K];
}
