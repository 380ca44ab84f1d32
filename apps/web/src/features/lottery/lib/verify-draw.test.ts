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
    expect(await recomputeResult('VN', seed, 'VN_MB:20261128')).toBeNull();
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
    expect(await verifyInBrowser({ ...base, group: 'VN', result: { prizes: {} } })).toEqual({
      kind: 'hash-only',
      hashMatches: true,
    });
  });
});

describe('the other fast groups, redone in the browser', () => {
  /** The stream with Node's crypto: each value of its own n; an integer skipped is not reused. */
  function nodeStream(serverSeed: string, publicInput: string) {
    let round = 0;
    let digest = createHmac('sha256', serverSeed).update(publicInput).digest();
    let offset = 0;
    return (n: number) => {
      const limit = Math.floor(2 ** 32 / n) * n;
      for (;;) {
        if (offset === 32) {
          round++;
          digest = createHmac('sha256', serverSeed).update(`${publicInput}:${round}`).digest();
          offset = 0;
        }
        const x = digest.readUInt32BE(offset);
        offset += 4;
        if (x < limit) return x % n;
      }
    };
  }
  const without = (take: (n: number) => number, pool: number[], count: number) => {
    const left = [...pool];
    return Array.from({ length: count }, () => left.splice(take(left.length), 1)[0]);
  };
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('draws 5D and SSC digits, 11X5 balls, a PK10 ranking and LHC numbers as the documented steps say', async () => {
    const take5d = nodeStream(seed, '5D_1M:1');
    expect(await recomputeResult('5D', seed, '5D_1M:1')).toEqual({ digits: range(1, 5).map(() => take5d(10)) });
    expect(await recomputeResult('SSC', seed, '5D_1M:1')).toEqual(await recomputeResult('5D', seed, '5D_1M:1'));

    expect(await recomputeResult('11X5', seed, '11X5_1M:9')).toEqual({
      balls: without(nodeStream(seed, '11X5_1M:9'), range(1, 11), 5),
    });

    const takePk = nodeStream(seed, 'PK10_1M:3');
    const ranking = range(1, 10);
    for (let i = 9; i >= 1; i--) {
      const j = takePk(i + 1);
      [ranking[i], ranking[j]] = [ranking[j] as number, ranking[i] as number];
    }
    expect(await recomputeResult('PK10', seed, 'PK10_1M:3')).toEqual({ ranking });

    const lhc = without(nodeStream(seed, 'LHC_5M:4'), range(1, 49), 7);
    expect(await recomputeResult('LHC', seed, 'LHC_5M:4')).toEqual({ numbers: lhc.slice(0, 6), special: lhc[6] });
  });
});
