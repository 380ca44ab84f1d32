import type { DrawResult } from '../api/lottery-types';

/**
 * The draw's formula recomputed in the browser with WebCrypto, independently of the server's answer (the server's
 * rules.ts documents it; docs/decisions.md, "Verifiable lottery draws"):
 *   digest = HMAC-SHA256(key = the seed's 64 hex characters as ASCII, message = publicInput, then publicInput:1, …);
 *   each 4-byte big-endian integer x below the largest multiple of n not above 2^32 gives x mod n.
 * Win Go takes one value of n = 10; K3 three of n = 6, each plus one; the other groups as GROUP_DRAWS says.
 */

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** WebCrypto exists only in secure contexts (https or localhost). */
export function canVerifyInBrowser(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.sign === 'function';
}

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** Takes the next uniform value 0..n−1 of a draw's stream (step 4 of the server's formula). */
export type Take = (n: number) => Promise<number>;

/**
 * The draw's stream: the digests' 4-byte integers in order (publicInput, then publicInput:1, :2, …), each value of n
 * taken from the next integer below the largest multiple of n not above 2^32; an integer skipped is not reused.
 */
export async function uniformStream(serverSeed: string, publicInput: string): Promise<Take> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  let round = 0;
  let digest: DataView | null = null;
  let offset = 32;
  const nextInteger = async () => {
    if (offset === 32) {
      const message = round === 0 ? publicInput : `${publicInput}:${round}`;
      digest = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
      round++;
      offset = 0;
    }
    const x = (digest as DataView).getUint32(offset, false);
    offset += 4;
    return x;
  };
  return async (n) => {
    const limit = Math.floor(2 ** 32 / n) * n;
    for (;;) {
      const x = await nextInteger();
      if (x < limit) return x % n;
    }
  };
}

/** The first `count` uniform values of n of a stream (one n throughout). */
export async function uniformValues(serverSeed: string, publicInput: string, n: number, count: number) {
  const take = await uniformStream(serverSeed, publicInput);
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(await take(n));
  return values;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** With the pool ascending, each value of n = what is left picks the entry at that index, which is removed. */
async function withoutReplacement(take: Take, pool: number[], count: number): Promise<number[]> {
  const left = [...pool].sort((a, b) => a - b);
  const drawn: number[] = [];
  for (let i = 0; i < count; i++) drawn.push(left.splice(await take(left.length), 1)[0] as number);
  return drawn;
}

/** Each group's steps, as the server's rules document them. */
const GROUP_DRAWS: Record<string, (take: Take) => Promise<DrawResult>> = {
  WINGO: async (take) => ({ number: await take(10) }),
  K3: async (take) => ({ dice: [(await take(6)) + 1, (await take(6)) + 1, (await take(6)) + 1] }),
  '5D': async (take) => ({ digits: [await take(10), await take(10), await take(10), await take(10), await take(10)] }),
  SSC: async (take) => GROUP_DRAWS['5D']?.(take) as Promise<DrawResult>,
  '11X5': async (take) => ({ balls: await withoutReplacement(take, range(1, 11), 5) }),
  PK10: async (take) => {
    // Fisher–Yates from [1..10]: for i = 9 down to 1, a value j of n = i + 1 swaps the entries at i and j.
    const ranking = range(1, 10);
    for (let i = ranking.length - 1; i >= 1; i--) {
      const j = await take(i + 1);
      [ranking[i], ranking[j]] = [ranking[j] as number, ranking[i] as number];
    }
    return { ranking };
  },
  LHC: async (take) => {
    const drawn = await withoutReplacement(take, range(1, 49), 7);
    return { numbers: drawn.slice(0, 6), special: drawn[6] as number };
  },
};

/** The result of a house draw, or null for a group whose formula the page does not know. */
export async function recomputeResult(
  group: string,
  serverSeed: string,
  publicInput: string,
): Promise<DrawResult | null> {
  const draw = GROUP_DRAWS[group];
  if (!draw) return null;
  return draw(await uniformStream(serverSeed, publicInput));
}

export type BrowserVerdict =
  | { kind: 'agrees'; hashMatches: true; result: DrawResult }
  | { kind: 'differs'; hashMatches: boolean; result: DrawResult | null }
  /** The seed's hash was checked, but the page cannot redo this group's result. */
  | { kind: 'hash-only'; hashMatches: boolean }
  | { kind: 'unavailable' };

/** Checks the published hash against the revealed seed and redoes the result, comparing both with the server's. */
export async function verifyInBrowser(input: {
  group: string;
  serverSeed: string;
  serverSeedHash: string;
  publicInput: string;
  result: DrawResult;
}): Promise<BrowserVerdict> {
  if (!canVerifyInBrowser()) return { kind: 'unavailable' };
  const hashMatches = (await sha256Hex(input.serverSeed)) === input.serverSeedHash.toLowerCase();
  const result = await recomputeResult(input.group, input.serverSeed, input.publicInput);
  if (result === null) return { kind: 'hash-only', hashMatches };
  const same = JSON.stringify(result) === JSON.stringify(pickKeys(input.result, Object.keys(result)));
  if (same && hashMatches) return { kind: 'agrees', hashMatches: true, result };
  return { kind: 'differs', hashMatches, result };
}

function pickKeys(result: DrawResult, keys: string[]): DrawResult {
  return Object.fromEntries(keys.map((key) => [key, result[key]]));
}
