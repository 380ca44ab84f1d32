import { describe, expect, it } from 'vitest';
import type { VnBetType } from '../api/lottery-types';
import { isVnResult, specialOf, TWO_DIGITS, typedNumber, vnItems, vnTicket, xienSelection } from './vn-ticket';

const lo2: VnBetType = {
  betType: 'lo2',
  numbers: 1,
  digits: 2,
  counts: 27,
  pricePerPoint: '27.00',
  payoutPerPoint: '99.00',
  houseEdge: '0.05',
};
const xien3: VnBetType = {
  ...lo2,
  betType: 'xien3',
  numbers: 3,
  counts: 1,
  pricePerPoint: '1.00',
  payoutPerPoint: '40.00',
};

describe('Vietnamese ticket', () => {
  it('offers 00 to 99 on the grid', () => {
    expect(TWO_DIGITS).toHaveLength(100);
    expect(TWO_DIGITS[0]).toBe('00');
    expect(TWO_DIGITS[99]).toBe('99');
  });

  it('zero-pads typed numbers to the bet’s digits and refuses anything else', () => {
    expect(typedNumber('7', 3)).toBe('007');
    expect(typedNumber(' 123 ', 3)).toBe('123');
    expect(typedNumber('42', 2)).toBe('42');
    expect(typedNumber('123', 2)).toBeNull();
    expect(typedNumber('1234', 3)).toBeNull();
    expect(typedNumber('12a', 3)).toBeNull();
    expect(typedNumber('', 3)).toBeNull();
  });

  it('makes one pick per number for lô, and one xiên of its numbers, distinct and ascending', () => {
    expect(vnItems(lo2, ['07', '33'], 2)).toEqual([
      { betType: 'lo2', selection: '07', stake: '27.00', multiple: 2 },
      { betType: 'lo2', selection: '33', stake: '27.00', multiple: 2 },
    ]);
    expect(vnItems(xien3, ['33', '07'], 1)).toEqual([]);
    expect(vnItems(xien3, ['33', '07', '12'], 5)).toEqual([
      { betType: 'xien3', selection: '07,12,33', stake: '1.00', multiple: 5 },
    ]);
    expect(xienSelection(['33', '07', '33'])).toBe('07,33');
  });

  it('previews counts, price per point, points, cost and payout', () => {
    // Northern lô 2: one point counts on 27 lô and costs 27.00; 3 points on 2 numbers cost 162.00.
    expect(vnTicket(lo2, 2, 3)).toEqual({
      counts: 27,
      pricePerPoint: '27.00',
      points: 3,
      costPerPick: '81.00',
      picks: 2,
      total: '162.00',
      payoutPerPick: '297.00',
      perAppearance: true,
    });
    expect(vnTicket(xien3, 1, 5)).toMatchObject({ total: '5.00', payoutPerPick: '200.00', perAppearance: false });
  });

  it('reads the special prize of a result', () => {
    const result = { prizes: { DB: ['12345'], G7: ['01', '02', '03', '04'] }, source: 'demo' as const };
    expect(isVnResult(result)).toBe(true);
    expect(isVnResult({ number: 3 })).toBe(false);
    expect(specialOf(result)).toBe('12345');
    expect(specialOf(null)).toBeNull();
  });
});
