import {
  type BetType,
  type DrawResult,
  drawWithoutReplacement,
  field,
  type GroupRules,
  need,
  pad2,
  range,
} from './rules-base.ts';

/**
 * LHC (Mark Six style): six main numbers and a special number, seven distinct numbers of 1–49. Drawn from the
 * formula of rules.ts without replacement: with the numbers left in ascending order (49 at first), a value v with
 * n = the count left (49, 48, …, 43) draws the v-th number (from 0), which is removed; the first six drawn are the
 * main numbers, the seventh the special number.
 *
 * Bets: the special number ("07"); the special number big (25–48) or small (1–24), odd or even, where a special 49
 * loses all four (the house's tie rule); any one of the six main numbers ("07").
 */

const NUMBERS = range(1, 49);
const mainOf = (result: DrawResult) => field(result, 'numbers', 'LHC');
const specialOf = (result: DrawResult) => field(result, 'special', 'LHC');
const sizeOf = (n: number) => (n === 49 ? null : n >= 25 ? 'big' : 'small');
const parityOf = (n: number) => (n === 49 ? null : n % 2 === 1 ? 'odd' : 'even');

/** The special number is each of the 49 with the same chance; a main number, 6 of 49. */
const BETS: BetType[] = [
  {
    code: 'special',
    selections: NUMBERS.map(pad2),
    payoutE4: (result, selection, odds) => (specialOf(result) === Number(selection) ? need(odds, 'special') : 0),
    oddsKeys: () => ['special'],
    chances: () => [{ oddsKey: 'special', ways: 1n, of: 49n }],
  },
  {
    code: 'special_size',
    selections: ['big', 'small'],
    payoutE4: (result, selection, odds) => (sizeOf(specialOf(result)) === selection ? need(odds, 'special_size') : 0),
    oddsKeys: () => ['special_size'],
    chances: (selection) => [
      { oddsKey: 'special_size', ways: BigInt(NUMBERS.filter((n) => sizeOf(n) === selection).length), of: 49n },
    ],
  },
  {
    code: 'special_parity',
    selections: ['odd', 'even'],
    payoutE4: (result, selection, odds) =>
      parityOf(specialOf(result)) === selection ? need(odds, 'special_parity') : 0,
    oddsKeys: () => ['special_parity'],
    chances: (selection) => [
      { oddsKey: 'special_parity', ways: BigInt(NUMBERS.filter((n) => parityOf(n) === selection).length), of: 49n },
    ],
  },
  {
    code: 'main',
    selections: NUMBERS.map(pad2),
    payoutE4: (result, selection, odds) => (mainOf(result).includes(Number(selection)) ? need(odds, 'main') : 0),
    oddsKeys: () => ['main'],
    chances: () => [{ oddsKey: 'main', ways: 6n, of: 49n }],
  },
];

export const LHC_RULES: GroupRules = {
  draw: (take) => {
    const drawn = drawWithoutReplacement(take, NUMBERS, 7);
    return { numbers: drawn.slice(0, 6), special: drawn[6] as number };
  },
  bets: BETS,
  formula:
    'numbers 1..49 ascending; seven times: a value of n = numbers left (49 … 43) draws the number at that index (from 0) and removes it; the first six are the main numbers, the seventh the special',
};
