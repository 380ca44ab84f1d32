import { describe, expect, it } from 'vitest';
import { lotteryResult } from '../test/lottery-fixtures';
import { numeroLabel, viewOf, wingoColours } from './draw-numbers';
import { trendOf } from './trend';

const wingo = (...numbers: number[]) =>
  numbers.map((number, i) => lotteryResult({ numero: String(i), result: { number } }));

describe('results', () => {
  it('reads Win Go numbers with their colours and size, K3 dice with their sum, and other groups’ balls', () => {
    expect(viewOf({ number: 0 })).toEqual({ kind: 'wingo', number: 0, colours: ['red', 'violet'], size: 'small' });
    expect(viewOf({ number: 7 })).toMatchObject({ colours: ['green'], size: 'big' });
    expect(viewOf({ dice: [2, 5, 6] })).toEqual({ kind: 'dice', dice: [2, 5, 6], sum: 13 });
    expect(viewOf({ balls: [3, 9, 1] })).toEqual({ kind: 'balls', balls: [3, 9, 1] });
    expect(viewOf({ digits: [0, 4] })).toEqual({ kind: 'balls', balls: [0, 4] });
    expect(viewOf({ ranking: [2, 1] })).toEqual({ kind: 'balls', balls: [2, 1] });
    expect(viewOf({ numbers: [7, 9], special: 12 })).toEqual({ kind: 'balls', balls: [7, 9], special: 12 });
    expect(viewOf({})).toBeNull();
    expect(wingoColours(5)).toEqual(['green', 'violet']);
    expect(wingoColours(4)).toEqual(['red']);
  });

  it('reads a Vietnamese draw number as its day, and leaves the others as they are', () => {
    expect(numeroLabel('VN', '20261128')).toBe('28/11/2026');
    expect(numeroLabel('WINGO', '202611280229')).toBe('202611280229');
  });
});

describe('trendOf', () => {
  it('counts every Win Go number, never-drawn ones as 0, with hot and cold numbers', () => {
    const trend = trendOf(wingo(7, 7, 3, 7, 3, 1));
    expect(trend.draws).toBe(6);
    expect(trend.frequency).toHaveLength(10);
    expect(trend.frequency.find((entry) => entry.value === 7)?.count).toBe(3);
    expect(trend.hot).toEqual([7, 3, 1]);
    expect(trend.cold).toEqual([0, 2, 4]);
  });

  it('follows the current size, parity and colour streaks from the newest draw', () => {
    // Newest first: 7 big odd green, 9 big odd green, 6 big even red, 2 small.
    expect(trendOf(wingo(7, 9, 6, 2)).streaks).toEqual([
      { kind: 'size', value: 'big', length: 3 },
      { kind: 'parity', value: 'odd', length: 2 },
      { kind: 'colour', value: 'green', length: 2 },
    ]);
  });

  it('counts K3 faces and follows the sum’s size, a triple being neither big nor small', () => {
    const results = [
      lotteryResult({ result: { dice: [2, 2, 2] } }),
      lotteryResult({ result: { dice: [6, 5, 1] } }),
      lotteryResult({ result: { dice: [6, 6, 1] } }),
    ];
    const trend = trendOf(results);
    expect(trend.frequency.map((entry) => entry.count)).toEqual([2, 3, 0, 0, 1, 3]);
    expect(trend.hot).toEqual([2, 6, 1]);
    expect(trend.streaks[0]).toEqual({ kind: 'size', value: 'triple', length: 1 });
    // Sums 6, 12, 13: two even sums in a row.
    expect(trend.streaks[1]).toEqual({ kind: 'parity', value: 'even', length: 2 });
  });

  it('looks at the last 100 results only and is empty without results', () => {
    const many = wingo(...Array.from({ length: 150 }, (_, i) => i % 10));
    expect(trendOf(many).draws).toBe(100);
    expect(trendOf([])).toEqual({ draws: 0, frequency: [], hot: [], cold: [], streaks: [] });
  });
});
