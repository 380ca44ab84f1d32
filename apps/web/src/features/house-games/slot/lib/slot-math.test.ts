import { describe, expect, it } from 'vitest';
import { CROWN_LINE_GRID, spinOf } from '../test/slot-fixtures';
import {
  balanceAfter,
  canAfford,
  cellKey,
  creditsToAmount,
  formatPercent,
  scatterCells,
  sumAmounts,
  totalStake,
  winningCells,
} from './slot-math';

const PAYLINE_7 = [2, 2, 1, 0, 0];

describe('slot money', () => {
  it('computes stakes and pays exactly, in minor units', () => {
    expect(totalStake('0.01', 20)).toBe('0.20');
    expect(totalStake('0.10', 20)).toBe('2.00');
    expect(totalStake('5.00', 20)).toBe('100.00');
    expect(creditsToAmount(750, '0.10')).toBe('75.00');
    expect(creditsToAmount(2, '2.00')).toBe('4.00');
    expect(sumAmounts(['0.10', '0.20', '1234.05'])).toBe('1234.35');
  });

  it('keeps a free-play balance and refuses a stake above it', () => {
    expect(balanceAfter('2000.00', '2.00', '0.00')).toBe('1998.00');
    expect(balanceAfter('10.00', '2.00', '12.50')).toBe('20.50');
    expect(canAfford('2.00', '2.00')).toBe(true);
    expect(canAfford('1.99', '2.00')).toBe(false);
    expect(canAfford(null, '0.20')).toBe(false);
  });

  it('formats the RTP', () => {
    expect(formatPercent(0.960082)).toBe('96.01');
    expect(formatPercent(0.96)).toBe('96.00');
  });
});

describe('winning cells', () => {
  it('lights the cells a line win covers, from the first reel', () => {
    const cells = winningCells(
      [{ line: 7, symbol: 'CR', count: 3, amount: '4.00' }],
      [...Array.from({ length: 6 }, () => [1, 1, 1, 1, 1]), PAYLINE_7],
    );
    expect([...cells].sort()).toEqual([cellKey(0, 2), cellKey(1, 2), cellKey(2, 1)].sort());
  });

  it('lights every scatter when they paid, and none otherwise', () => {
    const grid = CROWN_LINE_GRID.map((column) => [...column]);
    grid[0]![0] = 'SC';
    grid[4]![1] = 'SC';
    expect(scatterCells(spinOf({ grid, scatterCount: 2 })).size).toBe(0);
    expect([...scatterCells(spinOf({ grid, scatterCount: 2, scatterWin: '0.40' }))].sort()).toEqual(
      [cellKey(0, 0), cellKey(4, 1)].sort(),
    );
  });
});
