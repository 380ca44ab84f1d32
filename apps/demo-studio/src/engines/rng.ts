import { createHash, createHmac, randomInt } from 'node:crypto';

/**
 * The only randomness the engines consume. `int(n)` is a uniform integer in [0, n) for a positive safe
 * integer n ≤ 2^32; `float()` is uniform in [0, 1) with 53 random bits.
 */
export interface Rng {
  int(maxExclusive: number): number;
  float(): number;
}

const TWO_32 = 2 ** 32;

function checkBound(n: number, max: number): void {
  if (!Number.isSafeInteger(n) || n < 1 || n > max) throw new RangeError(`int(n) needs an integer 1 <= n <= ${max}`);
}

/** The production source: the operating system's CSPRNG; `randomInt` samples without modulo bias. */
export const cryptoRng: Rng = {
  int(n) {
    checkBound(n, TWO_32);
    return randomInt(n);
  },
  float() {
    // Two draws of 26 and 27 bits give the full 53-bit mantissa (randomInt's range is capped at 2^48).
    return (randomInt(2 ** 26) * 2 ** 27 + randomInt(2 ** 27)) / 2 ** 53;
  },
};

/** Builds an `Rng` over any source of uniform 32-bit words, mapping them to ranges by rejection sampling. */
export function rngFromWords(nextWord: () => number): Rng {
  return {
    int(n) {
      checkBound(n, TWO_32);
      const limit = TWO_32 - (TWO_32 % n);
      for (;;) {
        const word = nextWord();
        if (word < limit) return word % n;
      }
    },
    float() {
      return ((nextWord() >>> 5) * 2 ** 26 + (nextWord() >>> 6)) / 2 ** 53;
    },
  };
}

/**
 * A fast deterministic source for tests and simulations: sfc32 (Chris Doty-Humphrey's Small Fast Counter,
 * as in PractRand), its four words seeded from SHA-256 of the seed. Not for real money: it is predictable.
 */
export function seededRng(seed: string | number): Rng {
  const digest = createHash('sha256').update(String(seed)).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next();
  return rngFromWords(next);
}

/**
 * A deterministic source that is also unpredictable without the key: the words of
 * HMAC-SHA256(key, `${message}:${block}`) for block 0, 1, 2…. Live tables, fights and matches draw their
 * outcomes from it, so a revealed round seed lets anyone recompute the outcome (see table-round.ts).
 */
export function hmacRng(key: string | Uint8Array, message: string): Rng {
  let block = 0;
  let words: Uint32Array = new Uint32Array(0);
  let index = 0;
  return rngFromWords(() => {
    if (index === words.length) {
      const digest = createHmac('sha256', key).update(`${message}:${block++}`).digest();
      words = new Uint32Array(8);
      for (let i = 0; i < 8; i++) words[i] = digest.readUInt32BE(i * 4);
      index = 0;
    }
    return words[index++]!;
  });
}

/** Fisher–Yates shuffle into a new array. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Picks an index with probability proportional to its integer weight. */
export function weightedIndex(weights: readonly number[], rng: Rng): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let roll = rng.int(total);
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return i;
  }
  throw new Error('unreachable: weights must be non-negative integers with a positive sum');
}
