import { lineCreditTable, REEL_PLACE, scatterMultiple } from './lines.ts';
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
  SYMBOL_COUNT,
} from './paytable.ts';

/**
 * Exact return of the slot. The base game is solved twice: per line from the symbol frequencies of
 * each reel (every row of a reel shows each symbol with its strip frequency, independently of the
 * other reels) and by enumerating every stop combination, which also yields the hit frequency and
 * the moments needed for the variance. Free spins are a finite Markov chain solved by recursion.
 */

function ratio(numerator: bigint, denominator: bigint): number {
  // Keeps 15 significant digits even when both integers exceed 2^53.
  const scale = 10n ** 18n;
  return Number((numerator * scale) / denominator) / 1e18;
}

function stopCombinations(reels: ReelSet): bigint {
  return reels.reduce((product, strip) => product * BigInt(strip.length), 1n);
}

/** How many stops of each strip show 0, 1, 2 or 3 scatters. */
function scatterStops(strip: readonly number[]): number[] {
  const stops = [0, 0, 0, 0];
  for (let stop = 0; stop < strip.length; stop++) {
    let count = 0;
    for (let row = 0; row < ROW_COUNT; row++) if (strip[(stop + row) % strip.length] === SCATTER) count++;
    stops[count]!++;
  }
  return stops;
}

/** Number of stop combinations showing exactly k scatters, k = 0 .. 15. */
export function scatterCombinations(reels: ReelSet): bigint[] {
  let ways = [1n];
  for (const strip of reels) {
    const stops = scatterStops(strip);
    const next = new Array<bigint>(ways.length + ROW_COUNT).fill(0n);
    ways.forEach((w, have) => {
      stops.forEach((s, add) => {
        next[have + add]! += w * BigInt(s);
      });
    });
    ways = next;
  }
  return ways;
}

/** Expected credits of one payline as an exact fraction of all stop combinations. */
export function lineCreditWays(reels: ReelSet): bigint {
  const table = lineCreditTable();
  const counts = reels.map((strip) => {
    const c = new Array<number>(SYMBOL_COUNT).fill(0);
    for (const symbol of strip) c[symbol]!++;
    return c;
  });
  const symbols = SYMBOL_COUNT;
  const [p0, p1, p2, p3] = REEL_PLACE as [number, number, number, number];
  let ways = 0n;
  // Per reel-1 symbol the inner sum stays far below 2^53: even 100-symbol strips give 10^8 combinations.
  for (let a = 0; a < symbols; a++) {
    if (counts[0]![a] === 0) continue;
    let inner = 0;
    for (let b = 0; b < symbols; b++) {
      const wb = counts[1]![b]!;
      if (wb === 0) continue;
      for (let c = 0; c < symbols; c++) {
        const wc = wb * counts[2]![c]!;
        if (wc === 0) continue;
        for (let d = 0; d < symbols; d++) {
          const wd = wc * counts[3]![d]!;
          if (wd === 0) continue;
          for (let e = 0; e < symbols; e++) {
            const we = wd * counts[4]![e]!;
            if (we === 0) continue;
            inner += we * table[a * p0 + b * p1 + c * p2 + d * p3 + e]!;
          }
        }
      }
    }
    ways += BigInt(counts[0]![a]!) * BigInt(inner);
  }
  return ways;
}

export interface SpinMoments {
  /** All stop combinations. */
  readonly combinations: bigint;
  /** Combinations that win anything. */
  readonly hits: bigint;
  /** Combinations that trigger (or retrigger) free spins. */
  readonly triggers: bigint;
  /** Sums of the spin's credits, and of their squares, over all combinations; split by trigger. */
  readonly credits: bigint;
  readonly creditsSquared: bigint;
  readonly creditsWhenTriggered: bigint;
}

/**
 * Visits every stop combination of the reel set and adds up the credits of each spin (20 lines plus
 * the scatter, no multiplier). Takes a few seconds for strips of about 30 symbols.
 */
export function enumerateSpins(reels: ReelSet = REELS): SpinMoments {
  const table = lineCreditTable();
  // Imported bindings are read through getters in some loaders; the hot loops use locals.
  const lines = LINE_COUNT;
  const trigger = SCATTERS_TO_TRIGGER;
  const [l0, l1, l2, l3, l4] = reels.map((strip) => strip.length) as [number, number, number, number, number];
  // digit[r][stop * LINE_COUNT + line]: the reel's part of the line key at that stop.
  const digit = reels.map((strip, reel) => {
    const parts = new Int32Array(strip.length * LINE_COUNT);
    for (let stop = 0; stop < strip.length; stop++) {
      for (let line = 0; line < LINE_COUNT; line++) {
        const symbol = strip[(stop + PAYLINES[line]![reel]!) % strip.length]!;
        parts[stop * LINE_COUNT + line] = symbol * REEL_PLACE[reel]!;
      }
    }
    return parts;
  });
  const scatters = reels.map((strip) => {
    const perStop = new Int32Array(strip.length);
    for (let stop = 0; stop < strip.length; stop++) {
      for (let row = 0; row < ROW_COUNT; row++) if (strip[(stop + row) % strip.length] === SCATTER) perStop[stop]!++;
    }
    return perStop;
  });
  const [d0, d1, d2, d3, d4] = digit as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const [k0, k1, k2, k3, k4] = scatters as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const scatterCredits = new Int32Array(REEL_COUNT * ROW_COUNT + 1);
  for (let k = 0; k < scatterCredits.length; k++) scatterCredits[k] = scatterMultiple(k) * LINE_COUNT;
  const partial = new Int32Array(LINE_COUNT * 4);

  let hits = 0n;
  let triggers = 0n;
  let credits = 0n;
  let creditsSquared = 0n;
  let creditsWhenTriggered = 0n;
  for (let s0 = 0; s0 < l0; s0++) {
    for (let line = 0; line < lines; line++) partial[line] = d0[s0 * lines + line]!;
    for (let s1 = 0; s1 < l1; s1++) {
      for (let line = 0; line < lines; line++) {
        partial[lines + line] = partial[line]! + d1[s1 * lines + line]!;
      }
      // Plain numbers per (s0, s1) block stay exact: some 30^3 spins, each squared win below 2^30.
      let blockHits = 0;
      let blockTriggers = 0;
      let blockSum = 0;
      let blockSquares = 0;
      let blockTriggered = 0;
      for (let s2 = 0; s2 < l2; s2++) {
        for (let line = 0; line < lines; line++) {
          partial[2 * lines + line] = partial[lines + line]! + d2[s2 * lines + line]!;
        }
        const k012 = k0[s0]! + k1[s1]! + k2[s2]!;
        for (let s3 = 0; s3 < l3; s3++) {
          for (let line = 0; line < lines; line++) {
            partial[3 * lines + line] = partial[2 * lines + line]! + d3[s3 * lines + line]!;
          }
          const k0123 = k012 + k3[s3]!;
          for (let s4 = 0; s4 < l4; s4++) {
            const base = s4 * lines;
            let win = 0;
            for (let line = 0; line < lines; line++) win += table[partial[3 * lines + line]! + d4[base + line]!]!;
            const k = k0123 + k4[s4]!;
            win += scatterCredits[k]!;
            if (win > 0) {
              blockHits++;
              blockSum += win;
              blockSquares += win * win;
            }
            if (k >= trigger) {
              blockTriggers++;
              blockTriggered += win;
            }
          }
        }
      }
      hits += BigInt(blockHits);
      triggers += BigInt(blockTriggers);
      credits += BigInt(blockSum);
      creditsSquared += BigInt(blockSquares);
      creditsWhenTriggered += BigInt(blockTriggered);
    }
  }
  return { combinations: stopCombinations(reels), hits, triggers, credits, creditsSquared, creditsWhenTriggered };
}

export interface FreeSpinSession {
  /** Expected number of free spins played after one trigger. */
  readonly expectedSpins: number;
  /** Probability that a session ends with 10, 20, ... spins played. */
  readonly spinsDistribution: ReadonlyMap<number, number>;
}

/**
 * Plays the session's Markov chain forward: after `played` of `awarded` spins, one more spin
 * retriggers with probability `retrigger`, adding spins up to the cap.
 */
export function freeSpinSession(retrigger: number, award = FREE_SPINS_AWARD, cap = FREE_SPINS_CAP): FreeSpinSession {
  let mass = new Map<number, number>([[Math.min(award, cap), 1]]);
  const spinsDistribution = new Map<number, number>();
  let expectedSpins = 0;
  for (let played = 0; mass.size > 0; played++) {
    const next = new Map<number, number>();
    for (const [awarded, p] of mass) {
      if (awarded === played) {
        spinsDistribution.set(awarded, p);
        expectedSpins += awarded * p;
        continue;
      }
      const extended = Math.min(awarded + award, cap);
      next.set(awarded, (next.get(awarded) ?? 0) + p * (1 - retrigger));
      next.set(extended, (next.get(extended) ?? 0) + p * retrigger);
    }
    mass = next;
  }
  return { expectedSpins, spinsDistribution };
}

/**
 * First and second moments of the credits won by a whole session, before the multiplier. Each free
 * spin's win X and its retrigger flag T come from `moments`; the state is (played, awarded).
 */
export function freeSpinSessionMoments(
  moments: SpinMoments,
  award = FREE_SPINS_AWARD,
  cap = FREE_SPINS_CAP,
): { mean: number; secondMoment: number } {
  const n = Number(moments.combinations);
  const q = Number(moments.triggers) / n;
  const meanX = Number(moments.credits) / n;
  const meanX2 = Number(moments.creditsSquared) / n;
  const meanXWhenTriggered = Number(moments.creditsWhenTriggered) / n;
  const meanXOtherwise = meanX - meanXWhenTriggered;
  const memo = new Map<string, [number, number]>();
  const solve = (played: number, awarded: number): [number, number] => {
    if (played === awarded) return [0, 0];
    const key = `${played}/${awarded}`;
    const known = memo.get(key);
    if (known) return known;
    const [m1Stay, m2Stay] = solve(played + 1, awarded);
    const [m1Re, m2Re] = solve(played + 1, Math.min(awarded + award, cap));
    const m1 = meanX + (1 - q) * m1Stay + q * m1Re;
    const m2 = meanX2 + 2 * (meanXOtherwise * m1Stay + meanXWhenTriggered * m1Re) + (1 - q) * m2Stay + q * m2Re;
    const result: [number, number] = [m1, m2];
    memo.set(key, result);
    return result;
  };
  const [mean, secondMoment] = solve(0, Math.min(award, cap));
  return { mean, secondMoment };
}

export interface ExactRtp {
  /** Return of the 20 paylines in the base game. */
  readonly baseLines: number;
  /** Return of scatter pays in the base game. */
  readonly baseScatter: number;
  /** Probability that a spin, paid or free, triggers free spins. */
  readonly triggerProbability: number;
  readonly expectedFreeSpins: number;
  /** Return contributed by free spins, multiplier included. */
  readonly freeSpins: number;
  readonly total: number;
}

/** The exact RTP from per-line combinatorics; fast enough to tune strips with. Free spins use the same reels. */
export function exactRtp(reels: ReelSet = REELS): ExactRtp {
  const combinations = stopCombinations(reels);
  let scatterPays = 0n;
  let triggers = 0n;
  scatterCombinations(reels).forEach((ways, k) => {
    scatterPays += ways * BigInt(scatterMultiple(k));
    if (k >= SCATTERS_TO_TRIGGER) triggers += ways;
  });
  // Returns per credit staked: a line returns its own credit, the scatter pays multiples of the total bet.
  const lines = ratio(lineCreditWays(reels), combinations);
  const scatter = ratio(scatterPays, combinations);
  const trigger = ratio(triggers, combinations);
  const session = freeSpinSession(trigger);
  const freeSpins = trigger * session.expectedSpins * FREE_SPIN_MULTIPLIER * (lines + scatter);
  return {
    baseLines: lines,
    baseScatter: scatter,
    triggerProbability: trigger,
    expectedFreeSpins: session.expectedSpins,
    freeSpins,
    total: lines + scatter + freeSpins,
  };
}

export interface RoundStatistics {
  readonly rtp: number;
  /** Probability that a paid round wins anything. */
  readonly hitFrequency: number;
  /** Standard deviation of the round's win divided by the total bet. */
  readonly standardDeviation: number;
}

/** RTP, hit frequency and standard deviation of a whole round, by full enumeration of the base game. */
export function exactRoundStatistics(reels: ReelSet = REELS): RoundStatistics {
  const moments = enumerateSpins(reels);
  const n = Number(moments.combinations);
  const session = freeSpinSessionMoments(moments);
  const m = FREE_SPIN_MULTIPLIER;
  const q = Number(moments.triggers) / n;
  const mean = Number(moments.credits) / n + q * m * session.mean;
  const second =
    Number(moments.creditsSquared) / n +
    2 * m * (Number(moments.creditsWhenTriggered) / n) * session.mean +
    q * m * m * session.secondMoment;
  return {
    rtp: mean / LINE_COUNT,
    // A trigger always comes with a scatter pay, so a round wins exactly when its paid spin does.
    hitFrequency: ratio(moments.hits, moments.combinations),
    standardDeviation: Math.sqrt(second - mean * mean) / LINE_COUNT,
  };
}
