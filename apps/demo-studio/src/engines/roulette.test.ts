import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { seededRng } from './rng.ts';
import {
  coveredNumbers,
  payoutToOne,
  pocketColour,
  ROULETTE_HOUSE_EDGE_PERCENT,
  type RouletteBet,
  settleRouletteBet,
  spinWheel,
} from './roulette.ts';

const every: RouletteBet[] = [
  { kind: 'straight', numbers: [0] },
  { kind: 'straight', numbers: [17] },
  { kind: 'split', numbers: [17, 20] },
  { kind: 'split', numbers: [2, 3] },
  { kind: 'split', numbers: [0, 2] },
  { kind: 'street', numbers: [34, 35, 36] },
  { kind: 'street', numbers: [0, 2, 3] },
  { kind: 'corner', numbers: [5, 1, 4, 2] },
  { kind: 'corner', numbers: [0, 1, 2, 3] },
  { kind: 'line', numbers: [31, 32, 33, 34, 35, 36] },
  { kind: 'dozen', index: 3 },
  { kind: 'column', index: 1 },
  { kind: 'red' },
  { kind: 'black' },
  { kind: 'odd' },
  { kind: 'even' },
  { kind: 'low' },
  { kind: 'high' },
];

describe('roulette', () => {
  it('pays 35, 17, 11, 8, 5, 2 and 1 to one', () => {
    expect(every.map(payoutToOne)).toEqual([35, 35, 17, 17, 17, 11, 11, 8, 8, 5, 2, 2, 1, 1, 1, 1, 1, 1]);
    expect(coveredNumbers({ kind: 'column', index: 1 })).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(coveredNumbers({ kind: 'dozen', index: 2 })).toEqual([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(coveredNumbers({ kind: 'black' })).toHaveLength(18);
    expect(pocketColour(0)).toBe('green');
    expect(pocketColour(32)).toBe('red');
    expect(pocketColour(33)).toBe('black');
  });

  it('settles by hand: straight 17 pays 36×, red loses on zero, split pays 18×', () => {
    expect(settleRouletteBet({ kind: 'straight', numbers: [17] }, 100n, 17)).toBe(3600n);
    expect(settleRouletteBet({ kind: 'straight', numbers: [17] }, 100n, 18)).toBe(0n);
    expect(settleRouletteBet({ kind: 'red' }, 100n, 0)).toBe(0n);
    expect(settleRouletteBet({ kind: 'red' }, 100n, 1)).toBe(200n);
    expect(settleRouletteBet({ kind: 'split', numbers: [20, 17] }, 100n, 20)).toBe(1800n);
    expect(settleRouletteBet({ kind: 'column', index: 3 }, 100n, 36)).toBe(300n);
    expect(settleRouletteBet({ kind: 'even' }, 100n, 0)).toBe(0n);
  });

  it('every bet returns exactly 36/37: the house edge is 2.70 %', () => {
    expect(ROULETTE_HOUSE_EDGE_PERCENT).toBe(2.7);
    for (const bet of every) {
      let returned = 0n;
      for (let pocket = 0; pocket < 37; pocket++) returned += settleRouletteBet(bet, 1n, pocket);
      expect(returned).toBe(36n); // staked 37 × 1 over the 37 pockets
    }
    expect(((1 - 36 / 37) * 100).toFixed(2)).toBe('2.70');
  });

  it('refuses positions that are not on the layout', () => {
    const bad: RouletteBet[] = [
      { kind: 'straight', numbers: [37] },
      { kind: 'straight', numbers: [1.5] },
      { kind: 'split', numbers: [3, 4] }, // across the row end
      { kind: 'split', numbers: [1, 5] },
      { kind: 'split', numbers: [0, 4] },
      { kind: 'split', numbers: [5, 5] },
      { kind: 'street', numbers: [2, 3, 4] },
      { kind: 'corner', numbers: [3, 4, 6, 7] },
      { kind: 'corner', numbers: [34, 35, 37, 38] },
      { kind: 'line', numbers: [34, 35, 36, 37, 38, 39] },
      { kind: 'line', numbers: [2, 3, 4, 5, 6, 7] },
      { kind: 'dozen', index: 4 },
      { kind: 'column' },
      { kind: 'straight' },
      { kind: 'basket' as 'red' },
    ];
    for (const bet of bad) expect(() => coveredNumbers(bet), JSON.stringify(bet)).toThrow(EngineError);
    expect(() => settleRouletteBet({ kind: 'red' }, 0n, 1)).toThrow(EngineError);
  });

  it('the wheel lands on every pocket uniformly (chi-square) and red returns 36/37 within ±0.5 pp', () => {
    const rng = seededRng('wheel');
    const n = 370_000;
    const counts = new Array(37).fill(0);
    let returned = 0n;
    for (let i = 0; i < n; i++) {
      const pocket = spinWheel(rng);
      counts[pocket]++;
      returned += settleRouletteBet({ kind: 'red' }, 1n, pocket);
    }
    const chi = counts.reduce((s, c) => s + (c - n / 37) ** 2 / (n / 37), 0);
    expect(chi).toBeLessThan(72); // p ≈ 0.0003 at 36 degrees of freedom
    expect(Math.abs(Number(returned) / n - 36 / 37)).toBeLessThan(0.005);
  });
});
