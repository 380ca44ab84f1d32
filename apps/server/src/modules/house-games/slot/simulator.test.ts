import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../rng.ts';
import { playRound, spin } from './engine.ts';
import { ACE, CROWN, JACK, KING, QUEEN, type ReelSet, SCATTER, TEN, WILD } from './paytable.ts';
import { SlotSimulator } from './simulator.ts';

const SPINS = 100_000;

describe('SlotSimulator', () => {
  it('pays exactly what the public spin pays, spin by spin', () => {
    const reference = new SeededRandom('fast-spins');
    const fast = new SeededRandom('fast-spins');
    const slot = new SlotSimulator();
    let mismatches = 0;
    let wins = 0;
    for (let i = 0; i < SPINS; i++) {
      const expected = spin(reference, 1n);
      const credits = slot.spinCredits(fast);
      if (credits !== expected.totalCredits || slot.scatterCount !== expected.scatterCount) mismatches++;
      if (credits > 0) wins++;
    }
    expect(mismatches).toBe(0);
    // Guards against comparing two evaluators that both pay nothing.
    expect(wins).toBeGreaterThan(SPINS / 4);
  });

  it('pays exactly what the public playRound pays, free spins included', () => {
    const reference = new SeededRandom('fast-rounds');
    const fast = new SeededRandom('fast-rounds');
    const slot = new SlotSimulator();
    let mismatches = 0;
    let freeSpins = 0;
    for (let i = 0; i < SPINS; i++) {
      const expected = playRound(reference, 1n);
      const credits = slot.roundCredits(fast);
      if (credits !== expected.totalCredits || slot.freeSpinsPlayed !== expected.freeSpinsPlayed) mismatches++;
      freeSpins += slot.freeSpinsPlayed;
    }
    expect(mismatches).toBe(0);
    expect(freeSpins).toBeGreaterThan(0);
  });

  it.each([
    [
      'every spin triggers, so every round reaches the cap',
      [
        [SCATTER, TEN, WILD],
        [JACK, SCATTER, KING],
        [WILD, ACE, SCATTER],
        [TEN, KING, ACE, QUEEN],
        [CROWN, TEN, JACK, WILD, QUEEN],
      ],
    ],
    [
      'retriggers are common',
      [
        [SCATTER, TEN, WILD, ACE, KING, JACK],
        [JACK, SCATTER, KING, TEN, QUEEN, WILD],
        [WILD, ACE, SCATTER, QUEEN, TEN, CROWN],
        [TEN, KING, ACE, SCATTER, QUEEN, JACK],
        [CROWN, TEN, JACK, WILD, QUEEN, SCATTER, ACE],
      ],
    ],
  ] satisfies [string, ReelSet][])('agrees with playRound when %s', (_, reels) => {
    const reference = new SeededRandom('fast-free-spins');
    const fast = new SeededRandom('fast-free-spins');
    const slot = new SlotSimulator(reels);
    const played = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const expected = playRound(reference, 1n, reels);
      expect(slot.roundCredits(fast)).toBe(expected.totalCredits);
      expect(slot.freeSpinsPlayed).toBe(expected.freeSpinsPlayed);
      played.add(expected.freeSpinsPlayed);
    }
    expect(played.has(50)).toBe(true);
  });
});
