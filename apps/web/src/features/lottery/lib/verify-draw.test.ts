import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { recomputeResult, sha256Hex, uniformValues, verifyInBrowser } from './verify-draw';

const seed = 'a3f1'.repeat(16);
const input = 'WINGO_1M:202611280229';

/** The formula once more with Node's crypto, the way the server's rules.ts computes it. */
function nodeValues(serverSeed: string, publicInput: string, n: number, count: number): number[] {
  const limit = Math.floor(2 ** 32 / n) * n;
  const values: number[] = [];
  for (let round = 0; values.length < count; round++) {
    const message = round === 0 ? publicInput : `${publicInput}:${round}`;
    const digest = createHmac('sha256', serverSeed).update(message).digest();
    for (let offset = 0; offset < 32 && values.length < count; offset += 4) {
      const x = digest.readUInt32BE(offset);
      if (x < limit) values.push(x % n);
    }
  }
  return values;
}

describe('verify in the browser', () => {
  it('hashes like SHA-256', async () => {
    expect(await sha256Hex(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
  });

  it('draws the same uniform values as the server’s formula, across several HMAC rounds', async () => {
    expect(await uniformValues(seed, input, 10, 20)).toEqual(nodeValues(seed, input, 10, 20));
    expect(await uniformValues(seed, input, 6, 3)).toEqual(nodeValues(seed, input, 6, 3));
  });

  it('recomputes a Win Go number and K3 dice', async () => {
    expect(await recomputeResult('WINGO', seed, input)).toEqual({ number: nodeValues(seed, input, 10, 1)[0] });
    const dice = nodeValues(seed, 'K3_1M:1', 6, 3).map((value) => value + 1);
    expect(await recomputeResult('K3', seed, 'K3_1M:1')).toEqual({ dice });
    expect(await recomputeResult('PK10', seed, 'PK10:1')).toBeNull();
  });

  it('agrees with a true result and says when the result or the hash differs', async () => {
    const hash = createHash('sha256').update(seed).digest('hex');
    const number = nodeValues(seed, input, 10, 1)[0] as number;
    const base = { group: 'WINGO', serverSeed: seed, serverSeedHash: hash, publicInput: input };
    expect(await verifyInBrowser({ ...base, result: { number } })).toMatchObject({ kind: 'agrees' });
    expect(await verifyInBrowser({ ...base, result: { number: (number + 1) % 10 } })).toMatchObject({
      kind: 'differs',
      hashMatches: true,
    });
    expect(await verifyInBrowser({ ...base, serverSeedHash: '00'.repeat(32), result: { number } })).toMatchObject({
      kind: 'differs',
      hashMatches: false,
    });
    expect(await verifyInBrowser({ ...base, group: 'SSC', result: { balls: [1] } })).toEqual({
      kind: 'hash-only',
      hashMatches: true,
    });
  });
});
