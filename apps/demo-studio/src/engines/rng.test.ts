import { describe, expect, it } from 'vitest';
import { cryptoRng, hmacRng, rngFromWords, seededRng, shuffled, weightedIndex } from './rng.ts';

describe('rng', () => {
  it('seeded and HMAC sources repeat for the same seed and differ for another', () => {
    const draw = (rng: ReturnType<typeof seededRng>) => Array.from({ length: 8 }, () => rng.int(1000));
    expect(draw(seededRng('a'))).toEqual(draw(seededRng('a')));
    expect(draw(seededRng('a'))).not.toEqual(draw(seededRng('b')));
    expect(draw(hmacRng('key', 'table-1:7'))).toEqual(draw(hmacRng('key', 'table-1:7')));
    expect(draw(hmacRng('key', 'table-1:7'))).not.toEqual(draw(hmacRng('key', 'table-1:8')));
  });

  it('rejects words at or above the largest multiple of n, so no residue is favoured', () => {
    // n = 3: 2^32 mod 3 = 1, so the single word 2^32 - 1 must be skipped.
    const words = [2 ** 32 - 1, 5];
    const rng = rngFromWords(() => words.shift()!);
    expect(rng.int(3)).toBe(2);
    expect(words).toEqual([]);
  });

  it('stays in range and is roughly uniform (chi-square, 10 cells)', () => {
    for (const rng of [seededRng('u'), cryptoRng, hmacRng('k', 'm')]) {
      const counts = new Array(10).fill(0);
      for (let i = 0; i < 20_000; i++) {
        const v = rng.int(10);
        expect(v >= 0 && v < 10).toBe(true);
        counts[v]++;
        const f = rng.float();
        expect(f >= 0 && f < 1).toBe(true);
      }
      const chi = counts.reduce((s, c) => s + (c - 2000) ** 2 / 2000, 0);
      expect(chi).toBeLessThan(33.7); // p = 0.0001 at 9 degrees of freedom
    }
    expect(() => cryptoRng.int(0)).toThrow(RangeError);
    expect(() => seededRng(1).int(2 ** 32 + 1)).toThrow(RangeError);
  });

  it('shuffles into a permutation and picks by weight', () => {
    const deck = Array.from({ length: 52 }, (_, i) => i);
    const out = shuffled(deck, seededRng(3));
    expect(out.slice().sort((a, b) => a - b)).toEqual(deck);
    expect(out).not.toEqual(deck);
    const rng = seededRng(4);
    const hits = [0, 0, 0];
    for (let i = 0; i < 40_000; i++) hits[weightedIndex([1, 0, 3], rng)]!++;
    expect(hits[1]).toBe(0);
    expect(Math.abs(hits[2]! / 40_000 - 0.75)).toBeLessThan(0.01);
  });
});
