import { describe, expect, it } from 'vitest';
import type { VnResult } from '../api/lottery-types';
import { lotteryResult, vnNorthResult } from '../test/lottery-fixtures';
import { deEndings, endingOf, loEndings, numberStats, twoDigits, vnTrendOf } from './vn-trend';

/** A southern table (18 numbers) whose endings are written out below. */
const SOUTH: VnResult = {
  source: 'demo',
  prizes: {
    G8: ['07'],
    G7: ['107'],
    G6: ['1234', '5634', '0000'],
    G5: ['9912'],
    G4: ['11111', '22222', '33333', '44444', '55555', '66666', '77707'],
    G3: ['12312', '45645'],
    G2: ['98765'],
    G1: ['00099'],
    DB: ['123456'],
  },
};

const draw = (numero: string, result: VnResult) => lotteryResult({ numero, result: result as never });

describe('Vietnamese trend endings', () => {
  it('reads the two-digit ending of each prize, 18 in the south and 27 in the north, repeats kept', () => {
    expect(endingOf('123456')).toBe(56);
    expect(endingOf('07')).toBe(7);
    expect(endingOf('7')).toBeNull();
    expect(loEndings(SOUTH)).toEqual([7, 7, 34, 34, 0, 12, 11, 22, 33, 44, 55, 66, 7, 12, 45, 65, 99, 56]);
    expect(loEndings(vnNorthResult())).toHaveLength(27);
    expect(deEndings(SOUTH)).toEqual([56]);
    expect(deEndings(vnNorthResult())).toEqual([45]);
    expect(twoDigits(7)).toBe('07');
  });
});

describe('numberStats', () => {
  // Newest first: the latest draw gave 07 and 12, the one before 07 twice and 34, the oldest 34 and 99.
  const stats = numberStats([
    [7, 12],
    [7, 7, 34],
    [34, 99],
  ]);

  it('counts every ending 00–99, an ending on two prizes twice, with hot and cold ones', () => {
    expect(stats.frequency).toHaveLength(100);
    expect(stats.frequency[7]).toEqual({ value: 7, count: 3 });
    expect(stats.frequency[34]).toEqual({ value: 34, count: 2 });
    expect(stats.frequency[12]).toEqual({ value: 12, count: 1 });
    expect(stats.frequency[0]).toEqual({ value: 0, count: 0 });
    // Most first, ties by the smaller number; only endings that came.
    expect(stats.hot).toEqual([7, 34, 12, 99]);
    // Never drawn: 0 times, the smallest numbers first.
    expect(stats.cold).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts the draws since each ending last came, and lists the longest absences', () => {
    expect(stats.absences[7]).toEqual({ value: 7, draws: 0, never: false });
    expect(stats.absences[34]).toEqual({ value: 34, draws: 1, never: false });
    expect(stats.absences[99]).toEqual({ value: 99, draws: 2, never: false });
    expect(stats.absences[50]).toEqual({ value: 50, draws: 3, never: true });
    expect(stats.longestAbsent.map((absence) => [absence.value, absence.draws])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
      [4, 3],
    ]);
    // When nearly every ending came lately, the list holds the absent ones only.
    const recent = numberStats([Array.from({ length: 98 }, (_, i) => i + 2), [0]]);
    expect(recent.longestAbsent).toEqual([
      { value: 1, draws: 2, never: true },
      { value: 0, draws: 1, never: false },
    ]);
  });
});

describe('vnTrendOf', () => {
  it('looks at the last N drawn tables only, lô over every prize and đề over the special prize', () => {
    const older: VnResult = { ...SOUTH, prizes: { ...SOUTH.prizes, DB: ['654307'] } };
    const trend = vnTrendOf(
      [
        draw('20261128', SOUTH),
        lotteryResult({ numero: '20261127', result: {} }),
        draw('20261121', older),
        draw('20261114', SOUTH),
      ],
      2,
    );
    expect(trend.draws).toBe(2);
    // 07 ends G8, G7 and G4's 77707 each day, and the older day's special prize too.
    expect(trend.lo.frequency[7]?.count).toBe(7);
    expect(trend.lo.frequency[56]?.count).toBe(1);
    expect(trend.lo.hot[0]).toBe(7);
    expect(trend.de.frequency[56]?.count).toBe(1);
    expect(trend.de.frequency[7]?.count).toBe(1);
    expect(trend.de.hot).toEqual([7, 56]);
    expect(trend.de.absences[7]).toEqual({ value: 7, draws: 1, never: false });
    expect(trend.de.absences[56]).toEqual({ value: 56, draws: 0, never: false });
    expect(vnTrendOf([]).draws).toBe(0);
  });
});
