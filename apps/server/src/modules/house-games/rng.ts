import { createHmac, randomFillSync } from 'node:crypto';

/** A source of uniformly distributed integers, the only randomness the house games consume. */
export interface RandomSource {
  /** A uniform integer in [0, n); `n` is a positive safe integer no larger than 2^32. */
  below(n: number): number;
}

/** Fills `words` completely with uniform words of the source's width (32 bits unless told otherwise). */
export type WordFill = (words: Uint32Array) => void;

export interface PoolOptions {
  /** Words drawn per refill; 16,384 words are 64 KiB. */
  readonly poolWords?: number;
  /** Width of the words `fill` produces, 1 to 32; smaller widths exist so tests can enumerate a source. */
  readonly bits?: number;
}

/**
 * The largest multiple of `n` that does not exceed 2^bits. Uniform words at or above it must be
 * rejected: below it every residue modulo `n` occurs exactly the same number of times.
 */
export function rejectionLimit(n: number, bits = 32): number {
  const range = 2 ** bits;
  return range - (range % n);
}

/**
 * Draws words from a buffered pool and maps them to a range by rejection sampling, so that no value
 * is favoured the way a plain `word % n` favours the small residues.
 */
export class PooledRandom implements RandomSource {
  readonly #fill: WordFill;
  readonly #pool: Uint32Array;
  readonly #bits: number;
  #next: number;
  // The limit for the last bound seen; slot reels ask for the same few bounds over and over.
  #lastBound = 0;
  #lastLimit = 0;

  constructor(fill: WordFill, options: PoolOptions = {}) {
    const { poolWords = 16_384, bits = 32 } = options;
    if (!Number.isSafeInteger(poolWords) || poolWords < 1) throw new RangeError('poolWords must be a positive integer');
    if (!Number.isInteger(bits) || bits < 1 || bits > 32) throw new RangeError('bits must be an integer from 1 to 32');
    this.#fill = fill;
    this.#pool = new Uint32Array(poolWords);
    this.#bits = bits;
    this.#next = poolWords;
  }

  /** The next uniform word. */
  word(): number {
    if (this.#next === this.#pool.length) {
      this.#fill(this.#pool);
      this.#next = 0;
    }
    return this.#pool[this.#next++]!;
  }

  below(n: number): number {
    if (n !== this.#lastBound) {
      if (!Number.isSafeInteger(n) || n < 1 || n > 2 ** this.#bits) {
        throw new RangeError(`below(n) needs an integer 1 <= n <= 2^${this.#bits}, got ${n}`);
      }
      this.#lastBound = n;
      this.#lastLimit = rejectionLimit(n, this.#bits);
    }
    const limit = this.#lastLimit;
    for (;;) {
      const value = this.word();
      if (value < limit) return value % n;
    }
  }
}

/** The production source: the operating system's CSPRNG through `node:crypto`, 64 KiB at a time. */
export class CryptoRandom extends PooledRandom {
  constructor(poolWords = 16_384) {
    super(
      (words) => {
        randomFillSync(words);
      },
      { poolWords },
    );
  }
}

/**
 * A deterministic source for tests and replays: HMAC-SHA256(seed, counter) in counter mode, each
 * block giving eight 32-bit words. Never use it for real play.
 */
export class SeededRandom extends PooledRandom {
  constructor(seed: string | number | bigint) {
    const key = Buffer.from(`house-games:${String(seed)}`, 'utf8');
    let counter = 0n;
    const block = Buffer.alloc(8);
    super(
      (words) => {
        for (let index = 0; index < words.length; index += 8) {
          block.writeBigUInt64BE(counter++);
          const digest = createHmac('sha256', key).update(block).digest();
          for (let lane = 0; lane < 8 && index + lane < words.length; lane++) {
            words[index + lane] = digest.readUInt32LE(lane * 4);
          }
        }
      },
      { poolWords: 1024 },
    );
  }
}
