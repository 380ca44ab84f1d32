import { describe, expect, it } from 'vitest';
import {
  ANDAR_BAHAR_HOUSE_EDGE_PERCENT,
  type AndarBaharSide,
  andarBaharHouseEdgePercent,
  dealAndarBahar,
  firstSideWinChance,
  playAndarBahar,
  settleAndarBaharBet,
} from './andar-bahar.ts';
import { cardCode, stackedShoe } from './cards.ts';
import { EngineError } from './errors.ts';
import { seededRng } from './rng.ts';

const play = (...codes: string[]) => playAndarBahar(stackedShoe(codes));

describe('andar bahar', () => {
  it('a black joker starts the deal on Andar; the first match ends the round', () => {
    const r = play('7s', '2h', '9d', 'Kc', '7d', 'Qs');
    expect(r.firstSide).toBe('andar');
    expect(r.andar.map(cardCode)).toEqual(['2h', 'Kc']);
    expect(r.bahar.map(cardCode)).toEqual(['9d', '7d']);
    expect(r).toMatchObject({ winner: 'bahar', cardsDealt: 4 });
  });

  it('a red joker starts on Bahar', () => {
    const r = play('Qh', 'Qd');
    expect(r).toMatchObject({ firstSide: 'bahar', winner: 'bahar', cardsDealt: 1 });
    expect(r.andar).toEqual([]);
  });

  it('the first side pays 0.9:1 (rounded down), the other side 1:1', () => {
    const andarFirstAndarWins = play('7s', '7h');
    expect(settleAndarBaharBet('andar', 100n, andarFirstAndarWins)).toEqual({ result: 'win', payoutMinor: 190n });
    expect(settleAndarBaharBet('andar', 15n, andarFirstAndarWins).payoutMinor).toBe(28n); // 15 + 13.5 → 28
    expect(settleAndarBaharBet('bahar', 100n, andarFirstAndarWins)).toEqual({ result: 'lose', payoutMinor: 0n });
    const andarFirstBaharWins = play('7s', '2h', '7d');
    expect(settleAndarBaharBet('bahar', 100n, andarFirstBaharWins).payoutMinor).toBe(200n);
    const baharFirstAndarWins = play('7h', '2h', '7d');
    expect(settleAndarBaharBet('andar', 100n, baharFirstAndarWins).payoutMinor).toBe(200n);
    const baharFirstBaharWins = play('7h', '7d');
    expect(settleAndarBaharBet('bahar', 100n, baharFirstBaharWins).payoutMinor).toBe(190n);
    expect(() => settleAndarBaharBet('middle' as AndarBaharSide, 100n, baharFirstBaharWins)).toThrow(EngineError);
    expect(() => settleAndarBaharBet('andar', 0n, baharFirstBaharWins)).toThrow(EngineError);
  });

  it('exact edge: the first side wins 10725/20825 of rounds; either bet loses 2.575 %', () => {
    expect(firstSideWinChance()).toEqual({ numerator: 10725n, denominator: 20825n });
    // The first match lies somewhere in positions 1–49: the C(51 − k, 2) sum over all k is C(51, 3).
    let all = 0n;
    for (let k = 1n; k <= 49n; k++) all += ((51n - k) * (50n - k)) / 2n;
    expect(all).toBe(20825n);
    expect(andarBaharHouseEdgePercent()).toBeCloseTo(ANDAR_BAHAR_HOUSE_EDGE_PERCENT, 3);
  });

  it('simulated rounds return the stated RTP within ±0.5 pp on both sides', () => {
    const rng = seededRng('andar-bahar');
    const n = 400_000;
    const returned = { andar: 0n, bahar: 0n };
    let firstSideWins = 0;
    for (let i = 0; i < n; i++) {
      const r = dealAndarBahar(rng);
      if (r.winner === r.firstSide) firstSideWins++;
      returned.andar += settleAndarBaharBet('andar', 10n, r).payoutMinor;
      returned.bahar += settleAndarBaharBet('bahar', 10n, r).payoutMinor;
    }
    const p = 10725 / 20825;
    expect(Math.abs(firstSideWins - n * p)).toBeLessThan(4 * Math.sqrt(n * p * (1 - p)));
    for (const side of ['andar', 'bahar'] as const) {
      const rtp = (Number(returned[side]) / (n * 10)) * 100;
      expect(Math.abs(rtp - (100 - ANDAR_BAHAR_HOUSE_EDGE_PERCENT))).toBeLessThan(0.5);
    }
  });
});
