import type { RandomSource } from '../rng.ts';
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
} from './paytable.ts';

/**
 * An allocation-free evaluator for long simulations. It plays by exactly the rules of `engine.ts`
 * (the same line table, the same order of random draws) but returns bare credit counts; a test
 * checks the two agree spin by spin.
 */
export class SlotSimulator {
  // Imported bindings can compile to getter calls; the hot path reads these fields instead.
  readonly #lines = LINE_COUNT;
  readonly #award = FREE_SPINS_AWARD;
  readonly #cap = FREE_SPINS_CAP;
  readonly #multiplier = FREE_SPIN_MULTIPLIER;
  readonly #trigger = SCATTERS_TO_TRIGGER;
  readonly #table: Int32Array;
  // Per reel, indexed by stop * LINE_COUNT + line: the reel's digit of the line key.
  readonly #d0: Int32Array;
  readonly #d1: Int32Array;
  readonly #d2: Int32Array;
  readonly #d3: Int32Array;
  readonly #d4: Int32Array;
  // Per reel and stop: the number of scatters visible.
  readonly #k0: Uint8Array;
  readonly #k1: Uint8Array;
  readonly #k2: Uint8Array;
  readonly #k3: Uint8Array;
  readonly #k4: Uint8Array;
  readonly #scatterCredits: Int32Array;
  readonly #lengths: Int32Array;

  /** Scatters on the grid of the last spin. */
  scatterCount = 0;
  /** Free spins played in the last round. */
  freeSpinsPlayed = 0;

  constructor(reels: ReelSet = REELS) {
    if (reels.length !== REEL_COUNT) throw new RangeError(`a reel set needs ${REEL_COUNT} strips`);
    this.#table = lineCreditTable();
    this.#lengths = Int32Array.from(reels, (strip) => strip.length);
    const digits = reels.map((strip, reel) => {
      const digits = new Int32Array(strip.length * LINE_COUNT);
      for (let stop = 0; stop < strip.length; stop++) {
        for (let line = 0; line < LINE_COUNT; line++) {
          digits[stop * LINE_COUNT + line] = strip[(stop + PAYLINES[line]![reel]!) % strip.length]! * REEL_PLACE[reel]!;
        }
      }
      return digits;
    });
    const scatters = reels.map((strip) => {
      const counts = new Uint8Array(strip.length);
      for (let stop = 0; stop < strip.length; stop++) {
        for (let row = 0; row < ROW_COUNT; row++) if (strip[(stop + row) % strip.length] === SCATTER) counts[stop]!++;
      }
      return counts;
    });
    [this.#d0, this.#d1, this.#d2, this.#d3, this.#d4] = digits as [
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
    ];
    [this.#k0, this.#k1, this.#k2, this.#k3, this.#k4] = scatters as [
      Uint8Array,
      Uint8Array,
      Uint8Array,
      Uint8Array,
      Uint8Array,
    ];
    this.#scatterCredits = new Int32Array(REEL_COUNT * ROW_COUNT + 1);
    for (let k = 0; k < this.#scatterCredits.length; k++) this.#scatterCredits[k] = scatterMultiple(k) * LINE_COUNT;
  }

  /** Credits of one spin before any multiplier; leaves the scatter count in `scatterCount`. */
  spinCredits(random: RandomSource): number {
    const lengths = this.#lengths;
    const d0 = this.#d0;
    const d1 = this.#d1;
    const d2 = this.#d2;
    const d3 = this.#d3;
    const d4 = this.#d4;
    const table = this.#table;
    const lines = this.#lines;
    const s0 = random.below(lengths[0]!);
    const s1 = random.below(lengths[1]!);
    const s2 = random.below(lengths[2]!);
    const s3 = random.below(lengths[3]!);
    const s4 = random.below(lengths[4]!);
    const o0 = s0 * lines;
    const o1 = s1 * lines;
    const o2 = s2 * lines;
    const o3 = s3 * lines;
    const o4 = s4 * lines;
    let credits = 0;
    for (let line = 0; line < lines; line++) {
      credits += table[d0[o0 + line]! + d1[o1 + line]! + d2[o2 + line]! + d3[o3 + line]! + d4[o4 + line]!]!;
    }
    const scatters = this.#k0[s0]! + this.#k1[s1]! + this.#k2[s2]! + this.#k3[s3]! + this.#k4[s4]!;
    this.scatterCount = scatters;
    return credits + this.#scatterCredits[scatters]!;
  }

  /** Credits of a whole round: the paid spin and its free spins, multiplier applied. */
  roundCredits(random: RandomSource): number {
    let credits = this.spinCredits(random);
    let played = 0;
    if (this.scatterCount >= this.#trigger) {
      const cap = this.#cap;
      const award = this.#award;
      let awarded = award < cap ? award : cap;
      let freeCredits = 0;
      while (played < awarded) {
        freeCredits += this.spinCredits(random);
        played++;
        if (this.scatterCount >= this.#trigger) awarded = awarded + award < cap ? awarded + award : cap;
      }
      credits += freeCredits * this.#multiplier;
    }
    this.freeSpinsPlayed = played;
    return credits;
  }
}

export interface SimulationTotals {
  readonly rounds: number;
  /** Credits staked: rounds × LINE_COUNT. */
  readonly betCredits: number;
  readonly winCredits: number;
  /** Sum over rounds of the squared round win in credits, for the standard deviation. */
  readonly winCreditsSquared: number;
  /** Rounds that won anything. */
  readonly hits: number;
  /** Rounds that triggered free spins. */
  readonly triggers: number;
  readonly freeSpins: number;
}

export function simulate(random: RandomSource, rounds: number, reels: ReelSet = REELS): SimulationTotals {
  const slot = new SlotSimulator(reels);
  let winCredits = 0;
  let winCreditsSquared = 0;
  let hits = 0;
  let triggers = 0;
  let freeSpins = 0;
  for (let round = 0; round < rounds; round++) {
    const credits = slot.roundCredits(random);
    winCredits += credits;
    winCreditsSquared += credits * credits;
    if (credits > 0) hits++;
    if (slot.freeSpinsPlayed > 0) {
      triggers++;
      freeSpins += slot.freeSpinsPlayed;
    }
  }
  return { rounds, betCredits: rounds * LINE_COUNT, winCredits, winCreditsSquared, hits, triggers, freeSpins };
}

/** Adds up totals from several simulation runs, e.g. one per worker. */
export function mergeTotals(parts: readonly SimulationTotals[]): SimulationTotals {
  const sum = (pick: (t: SimulationTotals) => number) => parts.reduce((acc, t) => acc + pick(t), 0);
  return {
    rounds: sum((t) => t.rounds),
    betCredits: sum((t) => t.betCredits),
    winCredits: sum((t) => t.winCredits),
    winCreditsSquared: sum((t) => t.winCreditsSquared),
    hits: sum((t) => t.hits),
    triggers: sum((t) => t.triggers),
    freeSpins: sum((t) => t.freeSpins),
  };
}

export function rtpOf(totals: SimulationTotals): number {
  return totals.winCredits / totals.betCredits;
}

/** Standard deviation of the round win divided by the total bet. */
export function standardDeviationOf(totals: SimulationTotals): number {
  const mean = totals.winCredits / totals.rounds;
  const variance = totals.winCreditsSquared / totals.rounds - mean * mean;
  return Math.sqrt(Math.max(0, variance)) / LINE_COUNT;
}
