import { describe, expect, it } from 'vitest';
import {
  BACCARAT_HOUSE_EDGE_PERCENT,
  type BaccaratBet,
  dealBaccarat,
  exactBaccaratOdds,
  exactPairProbability,
  playCoup,
  settleBaccaratBet,
} from './baccarat.ts';
import { cardCode, stackedShoe } from './cards.ts';
import { EngineError } from './errors.ts';
import { seededRng } from './rng.ts';

/** Deals P1 B1 P2 B2 [P3] [B3] from card codes. */
const coup = (...codes: string[]) => playCoup(stackedShoe(codes));

describe('baccarat tableau', () => {
  it('a natural ends the coup at once', () => {
    const c = coup('9s', '5h', 'Kd', '2c', '7s', '7s');
    expect(c.player.map(cardCode)).toEqual(['9s', 'Kd']);
    expect(c.banker).toHaveLength(2);
    expect(c).toMatchObject({ playerTotal: 9, bankerTotal: 7, outcome: 'player' });
    expect(coup('2s', '8h', '3d', 'Kc').outcome).toBe('banker'); // banker natural 8 beats 5
  });

  it('player stands on 6–7; banker then draws on 0–5', () => {
    const c = coup('4s', '2h', '3d', '3c', '9h');
    expect(c.player).toHaveLength(2);
    expect(c.banker.map(cardCode)).toEqual(['2h', '3c', '9h']); // 5 + 9 = 4
    expect(c).toMatchObject({ playerTotal: 7, bankerTotal: 4, outcome: 'player' });
    expect(coup('4s', '3h', '3d', '3c').banker).toHaveLength(2); // banker 6 stands
  });

  it('banker 3 draws unless the player third card is an 8', () => {
    expect(coup('As', '2h', '2d', 'Ac', '8h', '5s').banker).toHaveLength(2);
    expect(coup('As', '2h', '2d', 'Ac', '7h', '5s').banker).toHaveLength(3);
  });

  it('banker 4 draws on 2–7, 5 on 4–7, 6 on 6–7, 7 stands', () => {
    expect(coup('As', '2h', '2d', '2c', 'As', '5s').banker).toHaveLength(2); // 4 vs third 1
    expect(coup('As', '2h', '2d', '2c', '2s', '5s').banker).toHaveLength(3); // 4 vs 2
    expect(coup('As', '2h', '2d', '3c', '3s', '5s').banker).toHaveLength(2); // 5 vs 3
    expect(coup('As', '2h', '2d', '3c', '4s', '5s').banker).toHaveLength(3); // 5 vs 4
    expect(coup('As', '3h', '2d', '3c', '5s', '5s').banker).toHaveLength(2); // 6 vs 5
    const six = coup('As', '3h', '2d', '3c', '6s', '2s'); // 6 vs 6: draws
    expect(six.banker).toHaveLength(3);
    expect(six).toMatchObject({ playerTotal: 9, bankerTotal: 8, outcome: 'player' });
    expect(coup('As', '4h', '2d', '3c', '6s', '5s').banker).toHaveLength(2); // 7 stands
  });

  it('pairs are the first two cards of a hand of one rank', () => {
    const c = coup('Ks', 'Qh', 'Kd', 'Jc', '5s', '5h');
    expect(c.playerPair).toBe(true);
    expect(c.bankerPair).toBe(false);
  });
});

describe('baccarat settlement', () => {
  const playerWin = coup('9s', '5h', 'Kd', '2c');
  const bankerWin = coup('2s', '8h', '3d', 'Kc');
  const tie = coup('8s', '8h', 'Kd', 'Kc');

  it('pays player 1:1, banker 0.95:1 rounded down, pushes both on a tie', () => {
    expect(settleBaccaratBet('player', 1000n, playerWin)).toEqual({ result: 'win', payoutMinor: 2000n });
    expect(settleBaccaratBet('banker', 1000n, playerWin)).toEqual({ result: 'lose', payoutMinor: 0n });
    expect(settleBaccaratBet('banker', 1000n, bankerWin)).toEqual({ result: 'win', payoutMinor: 1950n });
    expect(settleBaccaratBet('banker', 15n, bankerWin).payoutMinor).toBe(29n); // 15 + 14.25 → 29
    expect(settleBaccaratBet('player', 1000n, tie)).toEqual({ result: 'push', payoutMinor: 1000n });
    expect(settleBaccaratBet('banker', 1000n, tie)).toEqual({ result: 'push', payoutMinor: 1000n });
  });

  it('pays tie 8:1 and pairs 11:1', () => {
    expect(settleBaccaratBet('tie', 100n, tie).payoutMinor).toBe(900n);
    expect(settleBaccaratBet('tie', 100n, playerWin).payoutMinor).toBe(0n);
    expect(settleBaccaratBet('playerPair', 100n, tie).payoutMinor).toBe(0n); // 8-K vs 8-K: no pair
    expect(settleBaccaratBet('playerPair', 100n, coup('Ks', 'Qh', 'Kd', 'Jc', '5s', '5h')).payoutMinor).toBe(1200n);
    expect(settleBaccaratBet('bankerPair', 100n, coup('Ks', 'Qh', 'Kd', 'Qc', '5s', '5h')).payoutMinor).toBe(1200n);
  });

  it('refuses unknown bets and non-positive stakes', () => {
    expect(() => settleBaccaratBet('dragon' as BaccaratBet, 100n, tie)).toThrow(EngineError);
    expect(() => settleBaccaratBet('player', 0n, tie)).toThrow(EngineError);
  });
});

describe('baccarat house edge', () => {
  it('exact enumeration reproduces the stated edges', () => {
    const p = exactBaccaratOdds();
    expect(p.player + p.banker + p.tie).toBeCloseTo(1, 10);
    // Published 8-deck figures: banker 0.458597, player 0.446247, tie 0.095156.
    expect(p.banker).toBeCloseTo(0.458597, 6);
    expect(p.player).toBeCloseTo(0.446247, 6);
    expect(p.tie).toBeCloseTo(0.095156, 6);
    const edge = {
      player: (p.banker - p.player) / 1,
      banker: p.player - 0.95 * p.banker,
      tie: 1 - 9 * p.tie,
      playerPair: 1 - 12 * exactPairProbability(),
    };
    expect(edge.player * 100).toBeCloseTo(BACCARAT_HOUSE_EDGE_PERCENT.player, 3);
    expect(edge.banker * 100).toBeCloseTo(BACCARAT_HOUSE_EDGE_PERCENT.banker, 3);
    expect(edge.tie * 100).toBeCloseTo(BACCARAT_HOUSE_EDGE_PERCENT.tie, 3);
    expect(edge.playerPair * 100).toBeCloseTo(BACCARAT_HOUSE_EDGE_PERCENT.playerPair, 3);
    expect(BACCARAT_HOUSE_EDGE_PERCENT.bankerPair).toBe(BACCARAT_HOUSE_EDGE_PERCENT.playerPair);
  });

  it('dealt coups from the shuffled shoe follow the exact odds (within 4 sd)', () => {
    const exact = exactBaccaratOdds();
    const rng = seededRng('baccarat-sim');
    const n = 200_000;
    const seen = { player: 0, banker: 0, tie: 0, playerPair: 0, bankerPair: 0 };
    for (let i = 0; i < n; i++) {
      const c = dealBaccarat(rng);
      seen[c.outcome]++;
      if (c.playerPair) seen.playerPair++;
      if (c.bankerPair) seen.bankerPair++;
    }
    const pair = exactPairProbability();
    const checks: [number, number][] = [
      [seen.player, exact.player],
      [seen.banker, exact.banker],
      [seen.tie, exact.tie],
      [seen.playerPair, pair],
      [seen.bankerPair, pair],
    ];
    for (const [count, p] of checks) expect(Math.abs(count - n * p)).toBeLessThan(4 * Math.sqrt(n * p * (1 - p)));
  });
});
