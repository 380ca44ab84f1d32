import { describe, expect, it } from 'vitest';
import { CryptoRandom, PooledRandom, type RandomSource, rejectionLimit, SeededRandom } from './rng.ts';

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

/** Wilson–Hilferty: (X/k)^(1/3) is close to normal with mean 1 - 2/(9k) and variance 2/(9k). */
function chiSquareCritical(degreesOfFreedom: number, p: number): number {
  const k = degreesOfFreedom;
  const v = 2 / (9 * k);
  return k * (1 - v + normalQuantile(p) * Math.sqrt(v)) ** 3;
}

/** Pearson's statistic for `draws` values of `draw()` that should be uniform over `bins` bins. */
function chiSquare(bins: number, draws: number, draw: () => number): number {
  const observed = new Float64Array(bins);
  for (let i = 0; i < draws; i++) observed[draw()]!++;
  const expected = draws / bins;
  let statistic = 0;
  for (const o of observed) statistic += (o - expected) ** 2 / expected;
  return statistic;
}

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
const CRITICAL_P = 0.999;
const RUNS_Z_LIMIT = 3.29;

describe('statistics helpers', () => {
  it('computes normal quantiles and Wilson–Hilferty critical values close to the tables', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232, 5);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
    // Table values of the 0.999 quantile of chi-square for 10, 36, 99 and 255 degrees of freedom.
    for (const [k, table] of [
      [10, 29.588],
      [36, 67.985],
      [99, 148.23],
      [255, 330.52],
    ] as const) {
      expect(Math.abs(chiSquareCritical(k, CRITICAL_P) / table - 1)).toBeLessThan(0.01);
    }
  });
});

describe('CryptoRandom', () => {
  const random = new CryptoRandom();

  it.each([6, 37, 100])('passes a chi-square goodness-of-fit test for below(%i)', (n) => {
    const statistic = chiSquare(n, DRAWS, () => random.below(n));
    expect(statistic).toBeLessThan(chiSquareCritical(n - 1, CRITICAL_P));
  });

  it('has no modulo bias for a bound close to 2^32', () => {
    // With a plain word % n, values below 2^32 - 3e9 would come up twice as often as the rest.
    const n = 3_000_000_000;
    const bins = 30;
    const words = new SeededRandom('naive');
    const naive: RandomSource = { below: (m) => words.word() % m };
    const critical = chiSquareCritical(bins - 1, CRITICAL_P);
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
    expect(chiSquare(100, DRAWS, biased)).toBeGreaterThan(chiSquareCritical(99, CRITICAL_P));
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
    expect(chiSquare(37, DRAWS, () => random.below(37))).toBeLessThan(chiSquareCritical(36, CRITICAL_P));
  });
});
