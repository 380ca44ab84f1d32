import { describe, expect, it } from 'vitest';
import type { RandomSource } from '../rng.ts';
import { playRound, spin, totalBet } from './engine.ts';
import { evaluateLine } from './lines.ts';
import {
  ACE,
  CROWN,
  EMERALD,
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS_AWARD,
  FREE_SPINS_CAP,
  JACK,
  KING,
  QUEEN,
  type ReelSet,
  RUBY,
  SCATTER,
  SYMBOLS,
  type SymbolId,
  TEN,
  WILD,
} from './paytable.ts';

/** A random source that returns the given stops in turn, checking each against its bound. */
function scripted(stops: readonly number[]): RandomSource & { readonly draws: number } {
  let index = 0;
  return {
    get draws() {
      return index;
    },
    below(n: number) {
      const stop = stops[index++ % stops.length]!;
      if (stop >= n) throw new Error(`stop ${stop} is outside a strip of ${n}`);
      return stop;
    },
  };
}

/** Reels whose stop 0 shows `rows` (written as the player sees them: three rows of five). */
function reelsShowing(...grids: (readonly SymbolId[])[][]): ReelSet {
  return [0, 1, 2, 3, 4].map((reel) => grids.flatMap((rows) => rows.map((row) => row[reel]!)));
}

const pays = (symbol: SymbolId, count: 3 | 4 | 5) => SYMBOLS[symbol]!.pays[count - 3]!;
const BET = 5n;

describe('evaluateLine', () => {
  it('pays runs that start on the first reel only', () => {
    expect(evaluateLine([KING, KING, KING, TEN, TEN])).toEqual({ symbol: KING, count: 3, credits: pays(KING, 3) });
    expect(evaluateLine([TEN, KING, KING, KING, KING])).toBeNull();
    expect(evaluateLine([KING, KING, TEN, KING, KING])).toBeNull();
    expect(evaluateLine([KING, KING, QUEEN, QUEEN, QUEEN])).toBeNull();
  });

  it('lets a wild stand in for any paying symbol', () => {
    expect(evaluateLine([ACE, WILD, ACE, ACE, KING])).toEqual({ symbol: ACE, count: 4, credits: pays(ACE, 4) });
    expect(evaluateLine([WILD, WILD, KING, KING, TEN])).toEqual({ symbol: KING, count: 4, credits: pays(KING, 4) });
    expect(evaluateLine([WILD, WILD, WILD, CROWN, CROWN])).toEqual({
      symbol: CROWN,
      count: 5,
      credits: pays(CROWN, 5),
    });
  });

  it('pays wilds on their own when that is worth more', () => {
    expect(evaluateLine([WILD, WILD, WILD, TEN, JACK])).toEqual({ symbol: WILD, count: 3, credits: pays(WILD, 3) });
    expect(evaluateLine([WILD, WILD, WILD, WILD, WILD])).toEqual({ symbol: WILD, count: 5, credits: pays(WILD, 5) });
  });

  it('never lets a wild stand in for the scatter', () => {
    expect(evaluateLine([SCATTER, WILD, WILD, SCATTER, SCATTER])).toBeNull();
    expect(evaluateLine([WILD, WILD, SCATTER, SCATTER, SCATTER])).toBeNull();
    expect(evaluateLine([WILD, WILD, WILD, SCATTER, SCATTER])).toEqual({
      symbol: WILD,
      count: 3,
      credits: pays(WILD, 3),
    });
  });
});

describe('spin', () => {
  it('pays a five-of-a-kind line the paytable amount', () => {
    const reels = reelsShowing([
      [TEN, JACK, QUEEN, KING, ACE],
      [CROWN, CROWN, CROWN, CROWN, CROWN],
      [JACK, QUEEN, KING, ACE, TEN],
    ]);
    const result = spin(scripted([0]), BET, { reels });
    expect(result.lineWins).toEqual([
      { line: 0, symbol: CROWN, count: 5, credits: pays(CROWN, 5), amount: BigInt(pays(CROWN, 5)) * BET },
    ]);
    expect(result.scatterWin).toBe(0n);
    expect(result.totalWin).toBe(BigInt(pays(CROWN, 5)) * BET);
    expect(result.grid).toEqual([
      [TEN, CROWN, JACK],
      [JACK, CROWN, QUEEN],
      [QUEEN, CROWN, KING],
      [KING, CROWN, ACE],
      [ACE, CROWN, TEN],
    ]);
  });

  it('substitutes a wild on every line that crosses it', () => {
    const reels = reelsShowing([
      [TEN, EMERALD, RUBY, QUEEN, KING],
      [ACE, WILD, ACE, ACE, KING],
      [JACK, TEN, QUEEN, RUBY, EMERALD],
    ]);
    const result = spin(scripted([0]), BET, { reels });
    // Seven other lines cross the wild, but none of them has a third matching symbol.
    expect(result.lineWins.map((w) => [w.line, w.symbol, w.count, w.credits])).toEqual([[0, ACE, 4, pays(ACE, 4)]]);
  });

  it('pays scatters anywhere, not only on lines, and awards free spins for three', () => {
    const reels = reelsShowing([
      [TEN, SCATTER, JACK, QUEEN, KING],
      [ACE, KING, QUEEN, SCATTER, JACK],
      [JACK, TEN, QUEEN, RUBY, SCATTER],
    ]);
    const result = spin(scripted([0]), BET, { reels });
    expect(result.lineWins).toEqual([]);
    expect(result.scatterCount).toBe(3);
    expect(result.scatterWin).toBe(BigInt(SYMBOLS[SCATTER]!.pays[0]) * totalBet(BET));
    expect(result.freeSpinsAwarded).toBe(FREE_SPINS_AWARD);
    expect(result.totalWin).toBe(result.scatterWin);
  });

  it('does not count wilds as scatters', () => {
    const reels = reelsShowing([
      [SCATTER, WILD, JACK, QUEEN, KING],
      [ACE, KING, WILD, SCATTER, JACK],
      [JACK, TEN, QUEEN, RUBY, TEN],
    ]);
    const result = spin(scripted([0]), BET, { reels });
    expect(result.scatterCount).toBe(2);
    expect(result.scatterWin).toBe(0n);
    expect(result.freeSpinsAwarded).toBe(0);
  });

  it('multiplies every win in a free spin', () => {
    const reels = reelsShowing([
      [SCATTER, EMERALD, JACK, QUEEN, SCATTER],
      [CROWN, CROWN, CROWN, KING, JACK],
      [JACK, TEN, SCATTER, RUBY, TEN],
    ]);
    const base = spin(scripted([0]), BET, { reels });
    const free = spin(scripted([0]), BET, { reels, freeSpin: true, freeSpinsAwardedSoFar: 10 });
    expect(base.lineWins.map((w) => w.credits)).toEqual([pays(CROWN, 3)]);
    expect(free.multiplier).toBe(FREE_SPIN_MULTIPLIER);
    expect(free.lineWins.map((w) => w.credits)).toEqual([pays(CROWN, 3) * FREE_SPIN_MULTIPLIER]);
    expect(free.scatterWin).toBe(base.scatterWin * BigInt(FREE_SPIN_MULTIPLIER));
    expect(free.totalWin).toBe(base.totalWin * BigInt(FREE_SPIN_MULTIPLIER));
    expect(free.freeSpinsAwarded).toBe(FREE_SPINS_AWARD);
  });

  it('keeps retriggers under the cap', () => {
    const reels = reelsShowing([
      [SCATTER, TEN, SCATTER, TEN, SCATTER],
      [JACK, QUEEN, KING, ACE, EMERALD],
      [KING, ACE, EMERALD, JACK, QUEEN],
    ]);
    const options = (soFar: number) => ({ reels, freeSpin: true, freeSpinsAwardedSoFar: soFar });
    expect(spin(scripted([0]), BET, options(FREE_SPINS_CAP - FREE_SPINS_AWARD)).freeSpinsAwarded).toBe(10);
    expect(spin(scripted([0]), BET, options(FREE_SPINS_CAP - 4)).freeSpinsAwarded).toBe(4);
    expect(spin(scripted([0]), BET, options(FREE_SPINS_CAP)).freeSpinsAwarded).toBe(0);
  });

  it('draws one stop per reel and nothing else', () => {
    const random = scripted([3, 1, 4, 1, 5]);
    const result = spin(random, BET);
    expect(random.draws).toBe(5);
    expect(result.stops).toEqual([3, 1, 4, 1, 5]);
  });

  it('works in whole minor units and refuses a bet that is not a positive bigint', () => {
    const reels = reelsShowing([
      [TEN, JACK, QUEEN, KING, ACE],
      [WILD, WILD, WILD, WILD, WILD],
      [JACK, QUEEN, KING, ACE, TEN],
    ]);
    const result = spin(scripted([0]), 123_456_789_012_345n, { reels });
    for (const win of result.lineWins) expect(win.amount).toBe(BigInt(win.credits) * 123_456_789_012_345n);
    expect(() => spin(scripted([0]), 0n)).toThrow(RangeError);
    expect(() => spin(scripted([0]), -5n)).toThrow(RangeError);
  });
});

describe('playRound', () => {
  // Stop 0 shows three scatters and nothing else that pays; stop 3 shows no win at all.
  const reels = reelsShowing(
    [
      [SCATTER, TEN, SCATTER, TEN, SCATTER],
      [JACK, QUEEN, KING, ACE, EMERALD],
      [KING, ACE, EMERALD, JACK, QUEEN],
    ],
    [
      [TEN, KING, QUEEN, JACK, ACE],
      [JACK, ACE, KING, TEN, QUEEN],
      [QUEEN, EMERALD, ACE, KING, TEN],
    ],
  );
  const trigger = [0, 0, 0, 0, 0];
  const blank = [3, 3, 3, 3, 3];
  const scatterCredits = SYMBOLS[SCATTER]!.pays[0] * 20;

  it('plays a paid spin alone when nothing triggers', () => {
    const round = playRound(scripted(blank), BET, reels);
    expect(round.spins).toHaveLength(1);
    expect(round.totalWin).toBe(0n);
    expect(round.totalBet).toBe(20n * BET);
  });

  it('plays the awarded free spins and a retrigger', () => {
    const script = [...trigger, ...blank, ...trigger, ...Array.from({ length: 18 }, () => blank).flat()];
    const round = playRound(scripted(script), BET, reels);
    expect(round.freeSpinsPlayed).toBe(20);
    expect(round.spins.map((s) => s.freeSpin)).toEqual([false, ...Array<boolean>(20).fill(true)]);
    expect(round.spins[2]!.freeSpinsAwarded).toBe(FREE_SPINS_AWARD);
    const credits = scatterCredits + scatterCredits * FREE_SPIN_MULTIPLIER;
    expect(round.totalCredits).toBe(credits);
    expect(round.totalWin).toBe(BigInt(credits) * BET);
  });

  it('stops at the cap when every free spin retriggers', () => {
    const round = playRound(scripted(trigger), BET, reels);
    expect(round.freeSpinsPlayed).toBe(FREE_SPINS_CAP);
    const awards = round.spins.map((s) => s.freeSpinsAwarded);
    expect(awards.reduce((a, b) => a + b, 0)).toBe(FREE_SPINS_CAP);
    expect(awards.slice(0, 5)).toEqual([10, 10, 10, 10, 10]);
    expect(awards.slice(5).every((a) => a === 0)).toBe(true);
    expect(round.totalCredits).toBe(scatterCredits * (1 + FREE_SPINS_CAP * FREE_SPIN_MULTIPLIER));
  });
});
