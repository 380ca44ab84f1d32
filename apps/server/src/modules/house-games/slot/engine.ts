import type { RandomSource } from '../rng.ts';
import { evaluateLine, scatterMultiple } from './lines.ts';
import {
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS_AWARD,
  FREE_SPINS_CAP,
  LINE_COUNT,
  PAYLINES,
  REEL_COUNT,
  REELS,
  type ReelSet,
  ROW_COUNT,
  SCATTER,
  SCATTERS_TO_TRIGGER,
  type SymbolId,
} from './paytable.ts';

/**
 * The slot's rules as pure functions. Wins are computed in credits (one credit = the bet per line)
 * and converted to minor units of money with bigint arithmetic only at the end.
 */

export interface LineWin {
  /** Payline index into PAYLINES (players see index + 1). */
  readonly line: number;
  readonly symbol: SymbolId;
  /** How many reels, from the leftmost, the win covers. */
  readonly count: number;
  /** Credits won on this line, multiplier included. */
  readonly credits: number;
  readonly amount: bigint;
}

export interface SpinResult {
  readonly freeSpin: boolean;
  /** 1 in the base game, FREE_SPIN_MULTIPLIER in free spins. */
  readonly multiplier: number;
  /** Strip index shown in the top row of each reel. */
  readonly stops: readonly number[];
  /** grid[reel][row], row 0 at the top. */
  readonly grid: readonly (readonly SymbolId[])[];
  readonly lineWins: readonly LineWin[];
  readonly scatterCount: number;
  readonly scatterCredits: number;
  readonly scatterWin: bigint;
  /** Free spins this spin adds to the round, after the cap. */
  readonly freeSpinsAwarded: number;
  readonly totalCredits: number;
  readonly totalWin: bigint;
}

export interface RoundResult {
  readonly betPerLine: bigint;
  readonly totalBet: bigint;
  /** The paid spin first, then every free spin it led to. */
  readonly spins: readonly SpinResult[];
  readonly freeSpinsPlayed: number;
  readonly totalCredits: number;
  readonly totalWin: bigint;
}

export interface SpinOptions {
  /** Reel strips to use; the game's own unless a test supplies others. */
  readonly reels?: ReelSet;
  /** Whether this is a free spin: wins are multiplied and retriggers count towards the cap. */
  readonly freeSpin?: boolean;
  /** Free spins the round has awarded so far, the paid spin's award included. */
  readonly freeSpinsAwardedSoFar?: number;
}

export function totalBet(betPerLineMinor: bigint): bigint {
  return betPerLineMinor * BigInt(LINE_COUNT);
}

function assertBet(betPerLineMinor: bigint): void {
  if (typeof betPerLineMinor !== 'bigint' || betPerLineMinor <= 0n) {
    throw new RangeError('betPerLineMinor must be a positive bigint');
  }
}

/** Chooses one stop per reel, reel 1 first, each uniform over its strip. */
export function drawStops(random: RandomSource, reels: ReelSet = REELS): number[] {
  return reels.map((strip) => random.below(strip.length));
}

export function gridAt(stops: readonly number[], reels: ReelSet = REELS): SymbolId[][] {
  return reels.map((strip, reel) => {
    const stop = stops[reel]!;
    return Array.from({ length: ROW_COUNT }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

/** Line wins of a grid, before any multiplier, in payline order. */
export function lineWinsOf(
  grid: readonly (readonly SymbolId[])[],
): { line: number; symbol: SymbolId; count: number; credits: number }[] {
  const wins: { line: number; symbol: SymbolId; count: number; credits: number }[] = [];
  PAYLINES.forEach((rows, line) => {
    const pay = evaluateLine(rows.map((row, reel) => grid[reel]![row]!));
    if (pay) wins.push({ line, ...pay });
  });
  return wins;
}

export function scatterCountOf(grid: readonly (readonly SymbolId[])[]): number {
  let count = 0;
  for (const column of grid) for (const symbol of column) if (symbol === SCATTER) count++;
  return count;
}

/** One spin, paid or free. Draws REEL_COUNT numbers from `random` and nothing else. */
export function spin(random: RandomSource, betPerLineMinor: bigint, options: SpinOptions = {}): SpinResult {
  assertBet(betPerLineMinor);
  const reels = options.reels ?? REELS;
  if (reels.length !== REEL_COUNT) throw new RangeError(`a reel set needs ${REEL_COUNT} strips`);
  const freeSpin = options.freeSpin ?? false;
  const multiplier = freeSpin ? FREE_SPIN_MULTIPLIER : 1;
  const stops = drawStops(random, reels);
  const grid = gridAt(stops, reels);

  const lineWins: LineWin[] = lineWinsOf(grid).map((win) => {
    const credits = win.credits * multiplier;
    return { ...win, credits, amount: BigInt(credits) * betPerLineMinor };
  });
  const scatterCount = scatterCountOf(grid);
  const scatterCredits = scatterMultiple(scatterCount) * LINE_COUNT * multiplier;

  let freeSpinsAwarded = 0;
  if (scatterCount >= SCATTERS_TO_TRIGGER) {
    const room = FREE_SPINS_CAP - (freeSpin ? (options.freeSpinsAwardedSoFar ?? 0) : 0);
    freeSpinsAwarded = Math.max(0, Math.min(FREE_SPINS_AWARD, room));
  }

  const totalCredits = lineWins.reduce((sum, win) => sum + win.credits, scatterCredits);
  return {
    freeSpin,
    multiplier,
    stops,
    grid,
    lineWins,
    scatterCount,
    scatterCredits,
    scatterWin: BigInt(scatterCredits) * betPerLineMinor,
    freeSpinsAwarded,
    totalCredits,
    totalWin: BigInt(totalCredits) * betPerLineMinor,
  };
}

/** A paid spin and every free spin it triggers: everything one bet of `totalBet` pays. */
export function playRound(random: RandomSource, betPerLineMinor: bigint, reels: ReelSet = REELS): RoundResult {
  const paid = spin(random, betPerLineMinor, { reels });
  const spins: SpinResult[] = [paid];
  let awarded = paid.freeSpinsAwarded;
  let played = 0;
  while (played < awarded) {
    const free = spin(random, betPerLineMinor, { reels, freeSpin: true, freeSpinsAwardedSoFar: awarded });
    awarded += free.freeSpinsAwarded;
    played++;
    spins.push(free);
  }
  const totalCredits = spins.reduce((sum, s) => sum + s.totalCredits, 0);
  return {
    betPerLine: betPerLineMinor,
    totalBet: totalBet(betPerLineMinor),
    spins,
    freeSpinsPlayed: played,
    totalCredits,
    totalWin: BigInt(totalCredits) * betPerLineMinor,
  };
}
