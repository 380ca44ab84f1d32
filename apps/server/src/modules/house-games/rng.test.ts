import { chiSquare, chiSquareQuantile, normalQuantile } from '@portal/shared/testing/statistics';
import { describe, expect, it } from 'vitest';
import { CryptoRandom, PooledRandom, type RandomSource, rejectionLimit, SeededRandom } from './rng.ts';

/**
 * The chance that one assertion on live randomness fails although the source is uniform. Six such
 * assertions run per test run, so a run fails by chance about once in 170,000 (at 0.001 it was once in
 * 170). The defects these tests are for (modulo bias, stuck or alternating sequences) give statistics
 * far beyond these limits; 'the statistical tests can fail' below shows each of them, and a tenth's
 * excess on one value of 37, failing at the same limits.
 */
const FALSE_ALARM = 1e-6;

/** The chi-square value that a uniform source exceeds with probability FALSE_ALARM. */
function chiSquareCritical(degreesOfFreedom: number): number {
  return chiSquareQuantile(1 - FALSE_ALARM, degreesOfFreedom);
}

/** The |z| that a two-sided test exceeds with probability FALSE_ALARM: 4.89. */
const RUNS_Z_LIMIT = normalQuantile(1 - FALSE_ALARM / 2);

/** Wald–Wolfowitz runs test on a two-valued sequence; returns the z score of the number of runs. */
function runsZ(length: number, isHigh: () => boolean): number {
  let highs = 0;
  let runs = 0;
  let previous: boolean | undefined;
  for (let i = 0; i < length; i++) {
    const high = isHigh();
    if (high) highs++;
    if (high !== previous) runs++;
    previous = high;
  }
  const n1 = highs;
  const n2 = length - highs;
  const n = n1 + n2;
  const mean = (2 * n1 * n2) / n + 1;
  const variance = (2 * n1 * n2 * (2 * n1 * n2 - n)) / (n * n * (n - 1));
  return (runs - mean) / Math.sqrt(variance);
}

/**
 * A word source that enumerates every `bits`-bit value once per pass, in a scrambled order
 * (i * 40503 + 12345 mod 2^bits is a bijection) so that the words to reject are spread through the
 * pass rather than bunched at its end.
 */
function enumeratingSource(bits: number): PooledRandom {
  const size = 2 ** bits;
  let index = 0;
  return new PooledRandom(
    (words) => {
      for (let i = 0; i < words.length; i++) words[i] = ((index + i) * 40_503 + 12_345) % size;
      index = (index + words.length) % size;
    },
    { bits, poolWords: 1 },
  );
}

const DRAWS = 1_000_000;

describe('statistical limits', () => {
  it('match the tables', () => {
    // Chi-square's 1 - 1e-6 quantiles for 5 and 99 degrees of freedom (SciPy: 35.888, 180.792).
    expect(chiSquareCritical(5)).toBeCloseTo(35.888, 3);
    expect(chiSquareCritical(99)).toBeCloseTo(180.792, 3);
    expect(RUNS_Z_LIMIT).toBeCloseTo(4.8916, 4);
  });
});

describe('CryptoRandom', () => {
  const random = new CryptoRandom();

  it.each([6, 37, 100])('passes a chi-square goodness-of-fit test for below(%i)', (n) => {
    const statistic = chiSquare(n, DRAWS, () => random.below(n));
    expect(statistic).toBeLessThan(chiSquareCritical(n - 1));
  });

  it('has no modulo bias for a bound close to 2^32', () => {
    // With a plain word % n, values below 2^32 - 3e9 would come up twice as often as the rest.
    const n = 3_000_000_000;
    const bins = 30;
    const words = new SeededRandom('naive');
    const naive: RandomSource = { below: (m) => words.word() % m };
    const critical = chiSquareCritical(bins - 1);
    const binOf = (source: RandomSource) => () => Math.floor((source.below(n) * bins) / n);
    expect(chiSquare(bins, 200_000, binOf(random))).toBeLessThan(critical);
    expect(chiSquare(bins, 200_000, binOf(naive))).toBeGreaterThan(critical);
  });

  it('passes a Wald–Wolfowitz runs test above and below the median', () => {
    expect(Math.abs(runsZ(DRAWS, () => random.below(100) >= 50))).toBeLessThan(RUNS_Z_LIMIT);
    expect(Math.abs(runsZ(DRAWS, () => random.below(2 ** 32) >= 2 ** 31))).toBeLessThan(RUNS_Z_LIMIT);
  });

  it('accepts bounds from 1 to 2^32 and rejects anything else', () => {
    expect(random.below(1)).toBe(0);
    const big = random.below(2 ** 32);
    expect(Number.isInteger(big) && big >= 0 && big < 2 ** 32).toBe(true);
    for (const bad of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => random.below(bad)).toThrow(RangeError);
    }
  });
});

describe('the statistical tests can fail', () => {
  it('rejects a generator with modulo bias', () => {
    const bytes = new SeededRandom('bias');
    const biased = () => bytes.below(256) % 100;
    expect(chiSquare(100, DRAWS, biased)).toBeGreaterThan(chiSquareCritical(99));
  });

  it('rejects a generator that favours one value of 37 by a tenth', () => {
    const source = new SeededRandom('excess');
    // 371 equally likely words: 370 cover the 37 values ten times each and the last one is another 0.
    const favoursZero = () => source.below(371) % 37;
    expect(chiSquare(37, DRAWS, favoursZero)).toBeGreaterThan(chiSquareCritical(36));
  });

  it('rejects sequences with too few or too many runs', () => {
    const source = new SeededRandom('runs');
    let last = false;
    const sticky = () => {
      if (source.below(10) < 3) last = !last;
      return last;
    };
    expect(Math.abs(runsZ(DRAWS, sticky))).toBeGreaterThan(RUNS_Z_LIMIT);
    let flip = false;
    const alternating = () => {
      flip = source.below(10) < 7 ? !flip : flip;
      return flip;
    };
    expect(Math.abs(runsZ(DRAWS, alternating))).toBeGreaterThan(RUNS_Z_LIMIT);
  });
});

describe('rejection sampling', () => {
  it('computes the largest multiple of n within 2^bits', () => {
    expect(rejectionLimit(37)).toBe(2 ** 32 - (2 ** 32 % 37));
    expect(rejectionLimit(2 ** 32)).toBe(2 ** 32);
    expect(rejectionLimit(100, 8)).toBe(200);
  });

  it('gives every value exactly the same weight over a full enumeration of 8-bit words', () => {
    for (let n = 1; n <= 256; n++) {
      const source = enumeratingSource(8);
      const limit = rejectionLimit(n, 8);
      const counts = new Array<number>(n).fill(0);
      // One pass over the 256 words holds exactly `limit` acceptable ones.
      for (let i = 0; i < limit; i++) counts[source.below(n)]!++;
      expect(new Set(counts)).toEqual(new Set([limit / n]));
    }
  });

  it('gives every value exactly the same weight over a full enumeration of 16-bit words', () => {
    for (const n of [3, 37, 100, 1000, 40_000, 65_535]) {
      const source = enumeratingSource(16);
      const limit = rejectionLimit(n, 16);
      const counts = new Uint32Array(n);
      for (let i = 0; i < limit; i++) counts[source.below(n)]!++;
      expect(Math.min(...counts)).toBe(limit / n);
      expect(Math.max(...counts)).toBe(limit / n);
    }
  });

  it('is needed: a plain modulo over the same enumeration is unequal', () => {
    const counts = new Array<number>(37).fill(0);
    for (let word = 0; word < 256; word++) counts[word % 37]!++;
    expect(Math.max(...counts)).toBeGreaterThan(Math.min(...counts));
  });

  it('skips 32-bit words at or above the limit', () => {
    const words = [0xffff_ffff, rejectionLimit(37), 41, 7];
    let fills = 0;
    const random = new PooledRandom(
      (pool) => {
        pool[0] = words[fills++]!;
      },
      { poolWords: 1 },
    );
    expect(random.below(37)).toBe(4);
    expect(fills).toBe(3);
    expect(random.below(37)).toBe(7);
  });
});

describe('SeededRandom', () => {
  it('reproduces the same sequence from the same seed', () => {
    const draw = (seed: string) => {
      const random = new SeededRandom(seed);
      return Array.from({ length: 2000 }, () => random.below(1000));
    };
    expect(draw('round-42')).toEqual(draw('round-42'));
    expect(draw('round-42')).not.toEqual(draw('round-43'));
  });

  it('is uniform as well', () => {
    const random = new SeededRandom(7);
    expect(chiSquare(37, DRAWS, () => random.below(37))).toBeLessThan(chiSquareCritical(36));
  });
});
