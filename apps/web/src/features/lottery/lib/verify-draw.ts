import type { DrawResult } from '../api/lottery-types';

/**
 * The draw's formula recomputed in the browser with WebCrypto, independently of the server's answer (the server's
 * rules.ts documents it; docs/decisions.md, "Verifiable lottery draws"):
 *   digest = HMAC-SHA256(key = the seed's 64 hex characters as ASCII, message = publicInput, then publicInput:1, …);
 *   each 4-byte big-endian integer x below the largest multiple of n not above 2^32 gives x mod n.
 * Win Go takes one value of n = 10; K3 three of n = 6, each plus one.
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

/** The first `count` uniform values 0..n−1 from the seed and the public input. */
export async function uniformValues(serverSeed: string, publicInput: string, n: number, count: number) {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const limit = Math.floor(2 ** 32 / n) * n;
  const values: number[] = [];
  for (let round = 0; values.length < count; round++) {
    const message = round === 0 ? publicInput : `${publicInput}:${round}`;
    const digest = new DataView(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
    for (let offset = 0; offset < 32 && values.length < count; offset += 4) {
      const x = digest.getUint32(offset, false);
      if (x < limit) values.push(x % n);
    }
  }
  return values;
}

/** The result of a Win Go or K3 draw, or null for a group whose formula the page does not know. */
export async function recomputeResult(
  group: string,
  serverSeed: string,
  publicInput: string,
): Promise<DrawResult | null> {
  if (group === 'WINGO') {
    const [number] = await uniformValues(serverSeed, publicInput, 10, 1);
    return { number };
  }
  if (group === 'K3') {
    const dice = await uniformValues(serverSeed, publicInput, 6, 3);
    return { dice: dice.map((value) => value + 1) };
  }
  return null;
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
