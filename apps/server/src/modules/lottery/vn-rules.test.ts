import { describe, expect, it } from 'vitest';
import { betPayoutMinor, betTypeOf, type Odds } from './rules.ts';
import {
  countsOf,
  expectedAppearances,
  prizeTableProblem,
  selectionNumbers,
  type VnPrizes,
  vnBet,
  vnHouseEdge,
} from './vn-rules.ts';

/** The seeded prices and payouts per point of migration 0056 (minor units), written out again here. */
const NORTH_ODDS: Odds = new Map([
  ['lo2_price_minor', 2700],
  ['lo2_payout_minor', 8000],
  ['lo3_price_minor', 2300],
  ['lo3_payout_minor', 80000],
  ['de_price_minor', 100],
  ['de_payout_minor', 8000],
  ['3cang_price_minor', 100],
  ['3cang_payout_minor', 80000],
  ['xien2_price_minor', 100],
  ['xien2_payout_minor', 1500],
  ['xien3_price_minor', 100],
  ['xien3_payout_minor', 6500],
  ['xien4_price_minor', 100],
  ['xien4_payout_minor', 30000],
]);
const SOUTH_ODDS: Odds = new Map([
  ...NORTH_ODDS,
  ['lo2_price_minor', 1800],
  ['lo3_price_minor', 1700],
  ['xien2_payout_minor', 3000],
  ['xien3_payout_minor', 20000],
  ['xien4_payout_minor', 140000],
]);

/** A full northern result: 27 numbers. */
const NORTH: VnPrizes = {
  DB: ['12345'],
  G1: ['67890'],
  G2: ['11145', '22207'],
  G3: ['33312', '44423', '55534', '66645', '77756', '88867'],
  G4: ['1278', '3489', '5690', '7801'],
  G5: ['2345', '4545', '6712', '8923', '0134', '2356'],
  G6: ['345', '678', '901'],
  G7: ['45', '07', '89', '12'],
};

/** A full southern result: 18 numbers. */
const SOUTH: VnPrizes = {
  G8: ['47'],
  G7: ['123'],
  G6: ['4567', '8901', '2347'],
  G5: ['5555'],
  G4: ['12345', '67847', '11111', '22222', '33333', '44444', '90123'],
  G3: ['55123', '66666'],
  G2: ['77777'],
  G1: ['88888'],
  DB: ['123456'],
};

/** The payout of `points` points at the given price per point, in minor units. */
function pay(odds: Odds, prizes: VnPrizes, betType: string, selection: string, points: number): bigint {
  const type = betTypeOf('VN', betType);
  if (!type) throw new Error(betType);
  const stakeMinor = BigInt(odds.get(`${betType}_price_minor`) as number);
  const bet = { amountMinor: stakeMinor * BigInt(points), stakeMinor, selection };
  return betPayoutMinor(type, bet, { prizes, source: 'demo' }, odds);
}

describe('Vietnamese lottery rules', () => {
  it('pays the northern 27-prize table as counted by hand', () => {
    expect(prizeTableProblem('north', NORTH)).toBeNull();
    // 07 ends G2 22207 and G7 07: lô 2 twice, 3 points × 80.00 × 2.
    expect(pay(NORTH_ODDS, NORTH, 'lo2', '07', 3)).toBe(48_000n);
    // 89 ends G4 3489 and G7 89: twice again, 1 point.
    expect(pay(NORTH_ODDS, NORTH, 'lo2', '89', 1)).toBe(16_000n);
    // 12 ends G3 33312, G5 6712 and G7 12: three times.
    expect(pay(NORTH_ODDS, NORTH, 'lo2', '12', 1)).toBe(24_000n);
    expect(pay(NORTH_ODDS, NORTH, 'lo2', '99', 5)).toBe(0n);
    // 345 ends DB 12345, G5 2345 and G6 345: lô 3 three times, 2 points × 800.00 × 3.
    expect(pay(NORTH_ODDS, NORTH, 'lo3', '345', 2)).toBe(480_000n);
    // 901 ends G6 901 only (G4 7801 ends 801).
    expect(pay(NORTH_ODDS, NORTH, 'lo3', '901', 1)).toBe(80_000n);
    // Đề: the special prize 12345 ends 45, paid once however often 45 appears elsewhere.
    expect(pay(NORTH_ODDS, NORTH, 'de', '45', 4)).toBe(32_000n);
    expect(pay(NORTH_ODDS, NORTH, 'de', '07', 4)).toBe(0n);
    // 3 càng: the special prize's last three digits.
    expect(pay(NORTH_ODDS, NORTH, '3cang', '345', 1)).toBe(80_000n);
    expect(pay(NORTH_ODDS, NORTH, '3cang', '245', 1)).toBe(0n);
    // Xiên 2: 07 (G2, G7) and 89 (G4, G7) both appear: paid once, 2 points × 15.00.
    expect(pay(NORTH_ODDS, NORTH, 'xien2', '07,89', 2)).toBe(3_000n);
    // Xiên 4 across four prizes: 07 (G2), 12 (G3), 34 (G5 0134), 90 (G1 67890): 300.00 per point.
    expect(pay(NORTH_ODDS, NORTH, 'xien4', '07,12,34,90', 1)).toBe(30_000n);
    // One number missing (99) loses the whole xiên.
    expect(pay(NORTH_ODDS, NORTH, 'xien4', '07,12,34,99', 1)).toBe(0n);
    expect(pay(NORTH_ODDS, NORTH, 'xien3', '23,56,67', 1)).toBe(6_500n);
  });

  it('pays the southern 18-prize table as counted by hand', () => {
    expect(prizeTableProblem('south', SOUTH)).toBeNull();
    // 47 ends G8 47, G6 2347 and G4 67847: 2 points × 80.00 × 3.
    expect(pay(SOUTH_ODDS, SOUTH, 'lo2', '47', 2)).toBe(48_000n);
    // 123 ends G7 123, G4 90123 and G3 55123.
    expect(pay(SOUTH_ODDS, SOUTH, 'lo3', '123', 1)).toBe(240_000n);
    // 847 ends G4 67847 only; the two-digit G8 47 takes no three-digit lô.
    expect(pay(SOUTH_ODDS, SOUTH, 'lo3', '847', 1)).toBe(80_000n);
    expect(pay(SOUTH_ODDS, SOUTH, 'lo3', '047', 1)).toBe(0n);
    // The special prize is the six-digit 123456.
    expect(pay(SOUTH_ODDS, SOUTH, 'de', '56', 1)).toBe(8_000n);
    expect(pay(SOUTH_ODDS, SOUTH, '3cang', '456', 1)).toBe(80_000n);
    expect(pay(SOUTH_ODDS, SOUTH, 'xien2', '23,47', 1)).toBe(3_000n);
    expect(pay(SOUTH_ODDS, SOUTH, 'xien2', '23,48', 1)).toBe(0n);
  });

  it('counts the lô of one point as the contract says', () => {
    const counts = (region: 'north' | 'south', code: string) => countsOf(region, vnBet(code) as never);
    expect([counts('north', 'lo2'), counts('north', 'lo3'), counts('north', 'de')]).toEqual([27, 23, 1]);
    expect([counts('south', 'lo2'), counts('south', 'lo3'), counts('south', 'xien4')]).toEqual([18, 17, 1]);
  });

  it('takes zero-padded selections, distinct and ascending for xiên', () => {
    const lo2 = vnBet('lo2') as never;
    const lo3 = vnBet('lo3') as never;
    const xien3 = vnBet('xien3') as never;
    expect(selectionNumbers(lo2, '07')).toEqual(['07']);
    expect(selectionNumbers(lo2, '7')).toBeNull();
    expect(selectionNumbers(lo2, '007')).toBeNull();
    expect(selectionNumbers(lo3, '007')).toEqual(['007']);
    expect(selectionNumbers(xien3, '07,12,33')).toEqual(['07', '12', '33']);
    expect(selectionNumbers(xien3, '12,07,33')).toBeNull();
    expect(selectionNumbers(xien3, '07,07,33')).toBeNull();
    expect(selectionNumbers(xien3, '07,12')).toBeNull();
    expect(betTypeOf('VN', 'xien2')?.accepts?.('07, 12')).toBe(false);
  });

  it('finds what is wrong with an entered prize table', () => {
    const { G7: _g7, ...missing } = NORTH;
    expect(prizeTableProblem('north', missing)).toBe('G7: 4 numbers');
    expect(prizeTableProblem('north', { ...NORTH, G3: ['33312'] })).toBe('G3: 6 numbers');
    expect(prizeTableProblem('north', { ...NORTH, DB: ['1234'] })).toBe('DB: 5 digits each');
    expect(prizeTableProblem('north', { ...NORTH, G8: ['12'] })).toBe('G8: not a prize of this draw');
    expect(prizeTableProblem('south', { ...SOUTH, DB: ['12345'] })).toBe('DB: 6 digits each');
    expect(prizeTableProblem('south', NORTH)).not.toBeNull();
  });

  it('computes each house edge exactly from the digits being independent and uniform', () => {
    const edge = (region: 'north' | 'south', code: string, odds: Odds) =>
      vnHouseEdge(
        region,
        vnBet(code) as never,
        BigInt(odds.get(`${code}_price_minor`) as number),
        BigInt(odds.get(`${code}_payout_minor`) as number),
      );
    // lô 2 north: 80 × 27/100 returned for 27 paid.
    expect(edge('north', 'lo2', NORTH_ODDS)).toBe('0.200000');
    expect(edge('south', 'lo2', SOUTH_ODDS)).toBe('0.200000');
    expect(edge('north', 'lo3', NORTH_ODDS)).toBe('0.200000');
    expect(edge('north', 'de', NORTH_ODDS)).toBe('0.200000');
    expect(edge('north', '3cang', NORTH_ODDS)).toBe('0.200000');
    // Xiên k over N prizes in floating point, by inclusion–exclusion over the numbers missing.
    const binomial = (k: number, j: number): number => (j === 0 ? 1 : (binomial(k, j - 1) * (k - j + 1)) / j);
    const xien = (k: number, n: number) => {
      let p = 0;
      for (let j = 0; j <= k; j++) p += (-1) ** j * binomial(k, j) * ((100 - j) / 100) ** n;
      return p;
    };
    const exact = expectedAppearances('north', vnBet('xien2') as never);
    expect(Number(exact.num) / Number(exact.den)).toBeCloseTo(xien(2, 27), 12);
    expect(Number(edge('north', 'xien2', NORTH_ODDS))).toBeCloseTo(1 - 15 * xien(2, 27), 6);
    expect(Number(edge('south', 'xien4', SOUTH_ODDS))).toBeCloseTo(1 - 1400 * xien(4, 18), 6);
    // The exact fraction of a xiên 2 over 27 prizes: 1 − 2 × 0.99^27 + 0.98^27.
    expect(exact.num).toBe(100n ** 27n - 2n * 99n ** 27n + 98n ** 27n);
  });
});
