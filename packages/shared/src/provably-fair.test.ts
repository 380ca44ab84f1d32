import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DICE_MAX_CHANCE_BP,
  DICE_MIN_CHANCE_BP,
  DICE_OUTCOMES,
  DICE_REJECT_THRESHOLD,
  DICE_RTP,
  type DiceDirection,
  diceChanceBp,
  diceMultiplierE4,
  diceRoll,
  diceTargetRange,
  diceWins,
  generateServerSeed,
  groupToRoll,
  hashServerSeed,
  isValidClientSeed,
  isValidDiceTarget,
  isValidServerSeed,
  rollFromDigest,
  rollWithHmac,
  serverSeedHmac,
  settleDice,
} from './provably-fair.ts';
import { chiSquareQuantile } from './testing/statistics.ts';

const SEED = createHash('sha256').update('known answer').digest('hex');
const DIRECTIONS: DiceDirection[] = ['under', 'over'];

/** Independent reference of the documented algorithm, on node:crypto. */
function referenceRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  for (let round = 0; ; round++) {
    const message = round === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${round}`;
    const digest = createHmac('sha256', serverSeed).update(message).digest();
    for (let offset = 0; offset < 32; offset += 4) {
      const group = digest.readUInt32BE(offset);
      if (group < 4_294_960_000) return group % 10_000;
    }
  }
}

describe('provably-fair dice roll', () => {
  it('matches known answers computed with node:crypto', async () => {
    // Literal vectors, so a third-party verifier can check its own implementation against them.
    expect(SEED).toBe('20e18dd9752c4dd88526af94b8865bc2df5c78b743102279a8ebad9a4fd0327c');
    expect(await diceRoll(SEED, 'player-seed', 0)).toBe(6784);
    expect(await diceRoll(SEED, 'player-seed', 1)).toBe(9102);
    expect(await diceRoll(SEED, 'player-seed', 42)).toBe(7194);
    expect(await diceRoll(SEED, 'x', 999_999)).toBe(2425);

    const digest = createHmac('sha256', SEED).update('player-seed:0').digest();
    expect(digest.readUInt32BE(0) % 10_000).toBe(6784);

    for (let nonce = 0; nonce < 200; nonce++) {
      expect(await diceRoll(SEED, 'a-client-seed', nonce)).toBe(referenceRoll(SEED, 'a-client-seed', nonce));
    }
  });

  it('hashes the server seed like sha256 of its hex text', async () => {
    expect(await hashServerSeed(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(await hashServerSeed(SEED)).toBe('aed7ee5fec52c980cb090412f0f0fe61ac2687a83b447413fcfe3bc35c0c9506');
  });

  it('is deterministic and depends on every input', async () => {
    const roll = await diceRoll(SEED, 'det', 7);
    expect(await diceRoll(SEED, 'det', 7)).toBe(roll);
    const other = await Promise.all([
      diceRoll(SEED, 'det', 8),
      diceRoll(SEED, 'det2', 7),
      diceRoll(createHash('sha256').update('other').digest('hex'), 'det', 7),
    ]);
    expect(other.some((value) => value !== roll)).toBe(true);
  });

  it('maps a 4-byte group without bias, rejecting the top 7296 values', () => {
    expect(DICE_REJECT_THRESHOLD).toBe(Math.floor(2 ** 32 / 10_000) * 10_000);
    expect(groupToRoll(0)).toBe(0);
    expect(groupToRoll(12_345_678)).toBe(5678);
    expect(groupToRoll(4_294_959_999)).toBe(9999);
    expect(groupToRoll(4_294_960_000)).toBeNull();
    expect(groupToRoll(2 ** 32 - 1)).toBeNull();
  });

  it('skips a rejected group and takes the next one', async () => {
    // Found by search: the first group of this digest is 4294964158 (rejected), the second 3287339613.
    const seed = createHash('sha256').update('rejection vector').digest('hex');
    const digest = createHmac('sha256', seed).update('reject:114949').digest();
    expect(digest.readUInt32BE(0)).toBeGreaterThanOrEqual(DICE_REJECT_THRESHOLD);
    expect(digest.readUInt32BE(4)).toBe(3_287_339_613);
    expect(await diceRoll(seed, 'reject', 114_949)).toBe(9613);

    const crafted = new Uint8Array(32).fill(0xff);
    expect(rollFromDigest(crafted)).toBeNull();
    crafted.set([0x00, 0x00, 0x30, 0x39], 28); // only the last group, 12345, is acceptable
    expect(rollFromDigest(crafted)).toBe(2345);
  });

  it('continues with `:round` messages when all eight groups are rejected', async () => {
    const real = await serverSeedHmac(SEED);
    const messages: string[] = [];
    const hmac = async (message: string) => {
      messages.push(message);
      return message.endsWith(':1') ? real(message) : new Uint8Array(32).fill(0xff);
    };
    const roll = await rollWithHmac(hmac, 'seed', 5);
    expect(messages).toEqual(['seed:5', 'seed:5:1']);
    const digest = createHmac('sha256', SEED).update('seed:5:1').digest();
    expect(roll).toBe(rollFromDigest(digest));
  });

  it('is uniform over 200,000 nonces (chi-square, 100 buckets, p = 0.999)', { timeout: 30_000 }, async () => {
    const rolls = 200_000;
    const buckets = 100;
    const hmac = await serverSeedHmac(SEED);
    const counts = new Array<number>(buckets).fill(0);
    const batch = 1_000;
    for (let start = 0; start < rolls; start += batch) {
      const values = await Promise.all(
        Array.from({ length: batch }, (_, k) => rollWithHmac(hmac, 'chi-square', start + k)),
      );
      for (const value of values) counts[Math.floor(value / (DICE_OUTCOMES / buckets))]! += 1;
    }
    const expected = rolls / buckets;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    const critical = chiSquareQuantile(0.999, buckets - 1); // 148.23
    console.log(`dice chi-square ${chiSquare.toFixed(2)} (critical ${critical.toFixed(2)} at 0.999, 99 df)`);
    expect(chiSquare).toBeLessThan(critical);
  });
});

describe('dice seeds', () => {
  it('validates server and client seeds', async () => {
    const seed = generateServerSeed();
    expect(isValidServerSeed(seed)).toBe(true);
    expect(isValidServerSeed(seed.toUpperCase())).toBe(false);
    expect(isValidServerSeed(seed.slice(1))).toBe(false);
    await expect(hashServerSeed('abc')).rejects.toThrow(RangeError);

    expect(isValidClientSeed('a')).toBe(true);
    expect(isValidClientSeed('x'.repeat(64))).toBe(true);
    expect(isValidClientSeed('Lucky#7_seed!')).toBe(true);
    expect(isValidClientSeed('')).toBe(false);
    expect(isValidClientSeed('x'.repeat(65))).toBe(false);
    expect(isValidClientSeed('a:1')).toBe(false);
    expect(isValidClientSeed('with space')).toBe(false);
    expect(isValidClientSeed('ünïcode')).toBe(false);
    await expect(diceRoll(SEED, 'a:1', 0)).rejects.toThrow(RangeError);
    await expect(diceRoll(SEED, 'ok', -1)).rejects.toThrow(RangeError);
    await expect(diceRoll(SEED, 'ok', 1.5)).rejects.toThrow(RangeError);
  });
});

describe('dice bets', () => {
  it('allows targets with a 1.00%–98.00% chance', () => {
    expect(DICE_MIN_CHANCE_BP).toBe(100);
    expect(DICE_MAX_CHANCE_BP).toBe(9800);
    expect(diceTargetRange('under')).toEqual({ min: 100, max: 9800 });
    expect(diceTargetRange('over')).toEqual({ min: 199, max: 9899 });
    expect(isValidDiceTarget('under', 99)).toBe(false);
    expect(isValidDiceTarget('under', 100)).toBe(true);
    expect(isValidDiceTarget('under', 9801)).toBe(false);
    expect(isValidDiceTarget('over', 198)).toBe(false);
    expect(isValidDiceTarget('over', 9899)).toBe(true);
    expect(isValidDiceTarget('over', 9900)).toBe(false);
    expect(isValidDiceTarget('over', 500.5)).toBe(false);
    expect(isValidDiceTarget('sideways' as DiceDirection, 5000)).toBe(false);
  });

  it('computes the multiplier as floor(0.99 / chance) in ten-thousandths', () => {
    expect(diceMultiplierE4(5000)).toBe(19_800);
    expect(diceMultiplierE4(100)).toBe(990_000);
    expect(diceMultiplierE4(9800)).toBe(10_102); // 1.010204… rounded down
    expect(diceMultiplierE4(3333)).toBe(29_702); // 2.970297… rounded down
    expect(() => diceMultiplierE4(99)).toThrow(RangeError);
    expect(() => diceMultiplierE4(9801)).toThrow(RangeError);
  });

  it('loses on a roll equal to the target, in both directions', () => {
    const stakeMinor = 10_000n;
    expect(settleDice({ direction: 'under', target: 5000, roll: 4999, stakeMinor })).toEqual({
      win: true,
      payoutMinor: 19_800n,
      multiplierE4: 19_800,
    });
    expect(settleDice({ direction: 'under', target: 5000, roll: 5000, stakeMinor }).win).toBe(false);
    expect(settleDice({ direction: 'under', target: 5000, roll: 5000, stakeMinor }).payoutMinor).toBe(0n);
    // "over 49.99" wins on 50.00–99.99: 5000 outcomes, the same 50% as "under 50.00".
    expect(diceChanceBp('over', 4999)).toBe(5000);
    expect(settleDice({ direction: 'over', target: 4999, roll: 5000, stakeMinor }).payoutMinor).toBe(19_800n);
    expect(settleDice({ direction: 'over', target: 4999, roll: 4999, stakeMinor }).win).toBe(false);
    expect(settleDice({ direction: 'under', target: 100, roll: 0, stakeMinor }).payoutMinor).toBe(990_000n);
    expect(settleDice({ direction: 'over', target: 9899, roll: 9999, stakeMinor }).win).toBe(true);
  });

  it('floors the payout to whole minor units', () => {
    // 2.970297… → 29702 e-4; 1 minor unit × 2.9702 = 2.9702 → 2.
    expect(settleDice({ direction: 'under', target: 3333, roll: 0, stakeMinor: 1n }).payoutMinor).toBe(2n);
    expect(settleDice({ direction: 'under', target: 3333, roll: 0, stakeMinor: 333n }).payoutMinor).toBe(989n);
    expect(settleDice({ direction: 'under', target: 9800, roll: 0, stakeMinor: 99n }).payoutMinor).toBe(100n);
  });

  it('refuses invalid targets, rolls and stakes', () => {
    expect(() => settleDice({ direction: 'under', target: 99, roll: 0, stakeMinor: 1n })).toThrow(RangeError);
    expect(() => settleDice({ direction: 'under', target: 5000, roll: 10_000, stakeMinor: 1n })).toThrow(RangeError);
    expect(() => settleDice({ direction: 'under', target: 5000, roll: -1, stakeMinor: 1n })).toThrow(RangeError);
    expect(() => settleDice({ direction: 'under', target: 5000, roll: 1, stakeMinor: 0n })).toThrow(RangeError);
  });

  it('returns between 0.985 and 0.99 per unit stake for every allowed target, over all 10,000 rolls', {
    timeout: 30_000,
  }, () => {
    expect(DICE_RTP).toBe(0.99);
    // Local copies: the test runner reaches imports through getters, which is slow inside a 194-million-step loop.
    const winsFor = diceWins;
    const outcomes = DICE_OUTCOMES;
    let lowest = Number.POSITIVE_INFINITY;
    let highest = 0;
    for (const direction of DIRECTIONS) {
      const { min, max } = diceTargetRange(direction);
      for (let target = min; target <= max; target++) {
        let wins = 0;
        for (let roll = 0; roll < outcomes; roll++) if (winsFor(direction, target, roll)) wins++;
        expect(wins).toBe(diceChanceBp(direction, target));
        // A stake of 10^4 minor units makes the return exact: Σ payout over all rolls / (10^4 stake × 10^4 rolls).
        const winningRoll = direction === 'under' ? 0 : DICE_OUTCOMES - 1;
        const { payoutMinor } = settleDice({ direction, target, roll: winningRoll, stakeMinor: 10_000n });
        const returned = BigInt(wins) * payoutMinor;
        expect(returned).toBeLessThanOrEqual(99_000_000n);
        expect(returned).toBeGreaterThanOrEqual(98_500_000n);
        lowest = Math.min(lowest, Number(returned) / 1e8);
        highest = Math.max(highest, Number(returned) / 1e8);
      }
    }
    console.log(`dice RTP over all targets: ${lowest.toFixed(6)}–${highest.toFixed(6)}`);
  });

  it('settles every roll of a few targets exactly as the win rule says', () => {
    for (const [direction, target] of [
      ['under', 100],
      ['under', 5000],
      ['under', 9800],
      ['over', 199],
      ['over', 4999],
      ['over', 9899],
    ] as const) {
      const multiplierE4 = diceMultiplierE4(diceChanceBp(direction, target));
      const mismatches: number[] = [];
      for (let roll = 0; roll < DICE_OUTCOMES; roll++) {
        const win = direction === 'under' ? roll < target : roll > target;
        const settled = settleDice({ direction, target, roll, stakeMinor: 10_000n });
        const payoutMinor = win ? BigInt(multiplierE4) : 0n;
        if (settled.win !== win || settled.payoutMinor !== payoutMinor || settled.multiplierE4 !== multiplierE4) {
          mismatches.push(roll);
        }
      }
      expect(mismatches).toEqual([]);
    }
  });
});
