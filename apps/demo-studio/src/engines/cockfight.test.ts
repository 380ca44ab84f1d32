import { describe, expect, it } from 'vitest';
import {
  COCKFIGHT_MARGIN,
  type CockfightBet,
  DRAW_ONE_IN,
  fightCard,
  fightResult,
  liveOdds,
  pools,
  settleFight,
} from './cockfight.ts';
import { EngineError } from './errors.ts';
import { seededRng } from './rng.ts';

const bet = (id: string, side: CockfightBet['side'], stake: bigint): CockfightBet => ({ id, side, stakeMinor: stake });
const payouts = (s: ReturnType<typeof settleFight>) => Object.fromEntries(s.bets.map((b) => [b.betId, b.payoutMinor]));

describe('cockfight pari-mutuel', () => {
  const book = [bet('m1', 'meron', 600n), bet('m2', 'meron', 400n), bet('w1', 'wala', 500n), bet('d1', 'draw', 100n)];

  it('shows live odds from the pools: total × 0.95 / side', () => {
    expect(pools(book)).toEqual({ meronMinor: 1000n, walaMinor: 500n, drawMinor: 100n });
    // 1500 × 0.95 = 1425; /1000 = 1.425 → 1.42; /500 = 2.85.
    expect(liveOdds(pools(book))).toEqual({ meron: 1.42, wala: 2.85, draw: 9 });
    expect(liveOdds(pools([bet('m', 'meron', 100n)])).meron).toBeNull();
  });

  it('meron wins: 5 % plasada off 1500, the 1425 left shared pro rata; wala and draw lose', () => {
    const s = settleFight(book, 'meron');
    expect(payouts(s)).toEqual({ m1: 855n, m2: 570n, w1: 0n, d1: 0n });
    expect(s.plasadaMinor).toBe(75n);
    expect(s.roundingMinor).toBe(0n);
    expect(s.bets.find((b) => b.betId === 'd1')?.outcome).toBe('lose');
  });

  it('wala wins: the single wala bet takes the whole 1425', () => {
    const s = settleFight(book, 'wala');
    expect(payouts(s)).toEqual({ m1: 0n, m2: 0n, w1: 1425n, d1: 0n });
    expect(s.plasadaMinor).toBe(75n);
  });

  it('draw: draw bets pay 8:1 (stake × 9), meron and wala refunded, no plasada', () => {
    const s = settleFight(book, 'draw');
    expect(payouts(s)).toEqual({ m1: 600n, m2: 400n, w1: 500n, d1: 900n });
    expect(s.bets.map((b) => b.outcome)).toEqual(['refund', 'refund', 'refund', 'win']);
    expect(s.plasadaMinor).toBe(0n);
  });

  it('cancelled: everyone refunded', () => {
    const s = settleFight(book, 'cancelled');
    expect(payouts(s)).toEqual({ m1: 600n, m2: 400n, w1: 500n, d1: 100n });
    expect(s.bets.every((b) => b.outcome === 'refund')).toBe(true);
  });

  it('a side with no bets makes the fight a no contest: all refunded, draw bets too', () => {
    const s = settleFight([bet('m1', 'meron', 600n), bet('d1', 'draw', 100n)], 'meron');
    expect(s.result).toBe('cancelled');
    expect(s.noContest).toBe(true);
    expect(payouts(s)).toEqual({ m1: 600n, d1: 100n });
  });

  it('rounds each payout down and the house keeps the remainder beside the plasada', () => {
    const s = settleFight(
      [bet('a', 'meron', 333n), bet('b', 'meron', 333n), bet('c', 'meron', 334n), bet('w', 'wala', 1n)],
      'meron',
    );
    // 1001 × 0.95 = 950.95: 333 → 316.666…→316, 334 → 317.617…→317; 949 paid, plasada 50 (of 50.05), 2 rounding.
    expect(payouts(s)).toEqual({ a: 316n, b: 316n, c: 317n, w: 0n });
    expect(s.plasadaMinor).toBe(50n);
    expect(s.roundingMinor).toBe(2n);
  });

  it('never pays out more than the pool less the plasada (random books)', () => {
    const rng = seededRng('cockfight-books');
    for (let round = 0; round < 500; round++) {
      const bets: CockfightBet[] = [];
      const n = 2 + rng.int(30);
      for (let i = 0; i < n; i++) {
        bets.push(
          bet(
            `b${i}`,
            i === 0 ? 'meron' : i === 1 ? 'wala' : rng.int(2) ? 'meron' : 'wala',
            BigInt(1 + rng.int(100_000)),
          ),
        );
      }
      const s = settleFight(bets, rng.int(2) ? 'meron' : 'wala');
      const total = s.pools.meronMinor + s.pools.walaMinor;
      const paid = s.bets.reduce((sum, b) => sum + b.payoutMinor, 0n);
      expect(paid + s.plasadaMinor + s.roundingMinor).toBe(total);
      expect(s.roundingMinor >= 0n && s.roundingMinor < BigInt(n)).toBe(true);
    }
  });

  it('refuses bad bets', () => {
    expect(() => settleFight([bet('a', 'meron', 0n)], 'meron')).toThrow(EngineError);
    expect(() => settleFight([{ id: 'a', side: 'x' as 'meron', stakeMinor: 1n }], 'meron')).toThrow(/side/);
    expect(() => settleFight([bet('a', 'meron', 1n), bet('a', 'wala', 1n)], 'meron')).toThrow(/twice/);
  });

  it('draws 1 fight in 10 and meron with the card chance; the draw bet returns 90 %', () => {
    // Exact: a draw is one value out of DRAW_ONE_IN equally likely ones, and it returns 9 × the stake.
    expect(COCKFIGHT_MARGIN.drawRtpPercent).toBe((9 / DRAW_ONE_IN) * 100);
    expect(COCKFIGHT_MARGIN.poolMarginPercent).toBeCloseTo(5 * (1 - 1 / DRAW_ONE_IN), 10);
    const rng = seededRng('fights');
    const n = 100_000;
    let draws = 0;
    let meron = 0;
    let expectedMeron = 0;
    let sameName = 0;
    for (let i = 0; i < n; i++) {
      const card = fightCard(rng);
      if (card.meron.name === card.wala.name) sameName++;
      const r = fightResult(card, rng);
      if (r === 'draw') draws++;
      else {
        expectedMeron += card.meronChancePercent / 100;
        if (r === 'meron') meron++;
      }
    }
    expect(Math.abs(draws - n / 10)).toBeLessThan(4 * Math.sqrt(n * 0.09));
    expect(sameName).toBe(0);
    expect(Math.abs(meron - expectedMeron)).toBeLessThan(4 * Math.sqrt(n * 0.25));
  });
});
