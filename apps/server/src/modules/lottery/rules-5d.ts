import { type BetType, type DrawResult, field, type GroupRules, need, range } from './rules-base.ts';

/**
 * 5D and SSC: five balls 0–9, one per position A–E. Drawn from the formula of rules.ts as five values with n = 10,
 * in order: the first is position A, the fifth position E. Both groups take the same bets; their games differ in
 * name and round only, as operators run them.
 *
 * Bets: a position's digit; a position's big (5–9) or small (0–4), odd or even; the sum of the five (0–45) big
 * (23–45) or small (0–22), odd or even; dragon (A above E), tiger (A below E) or tie (A equal to E), where a tie
 * loses dragon and tiger.
 */

const POSITIONS = ['A', 'B', 'C', 'D', 'E'] as const;
const DIGITS = range(0, 9);
const SPACE = 100_000n;

const digitsOf = (result: DrawResult) => field(result, 'digits', '5D/SSC');
const at = (result: DrawResult, position: string) => digitsOf(result)[POSITIONS.indexOf(position as 'A')] as number;
const sum = (result: DrawResult) => digitsOf(result).reduce((total, digit) => total + digit, 0);
const sizeOf = (value: number, bigFrom: number) => (value >= bigFrom ? 'big' : 'small');
const parityOf = (value: number) => (value % 2 === 1 ? 'odd' : 'even');

/** How many of the 10^5 throws give each sum 0..45, counted position by position. */
const SUM_WAYS: bigint[] = range(1, 5).reduce(
  (ways) => range(0, 45).map((s) => DIGITS.reduce((total, d) => total + (s - d >= 0 ? (ways[s - d] ?? 0n) : 0n), 0n)),
  [1n, ...Array<bigint>(45).fill(0n)],
);
const sumWays = (test: (s: number) => boolean) =>
  SUM_WAYS.reduce((total, ways, s) => (test(s) ? total + ways : total), 0n);

const perPosition = (values: readonly string[]) => POSITIONS.flatMap((p) => values.map((v) => `${p}:${v}`));
const split = (selection: string) => selection.split(':') as [string, string];

const BETS: BetType[] = [
  {
    code: 'digit',
    selections: perPosition(DIGITS.map(String)),
    payoutE4: (result, selection, odds) => {
      const [position, digit] = split(selection);
      return at(result, position) === Number(digit) ? need(odds, 'digit') : 0;
    },
    oddsKeys: () => ['digit'],
    chances: () => [{ oddsKey: 'digit', ways: SPACE / 10n, of: SPACE }],
  },
  {
    code: 'position_size',
    selections: perPosition(['big', 'small']),
    payoutE4: (result, selection, odds) => {
      const [position, size] = split(selection);
      return sizeOf(at(result, position), 5) === size ? need(odds, 'position_size') : 0;
    },
    oddsKeys: () => ['position_size'],
    chances: () => [{ oddsKey: 'position_size', ways: SPACE / 2n, of: SPACE }],
  },
  {
    code: 'position_parity',
    selections: perPosition(['odd', 'even']),
    payoutE4: (result, selection, odds) => {
      const [position, parity] = split(selection);
      return parityOf(at(result, position)) === parity ? need(odds, 'position_parity') : 0;
    },
    oddsKeys: () => ['position_parity'],
    chances: () => [{ oddsKey: 'position_parity', ways: SPACE / 2n, of: SPACE }],
  },
  {
    code: 'sum_size',
    selections: ['big', 'small'],
    payoutE4: (result, selection, odds) => (sizeOf(sum(result), 23) === selection ? need(odds, 'sum_size') : 0),
    oddsKeys: () => ['sum_size'],
    chances: (selection) => [{ oddsKey: 'sum_size', ways: sumWays((s) => sizeOf(s, 23) === selection), of: SPACE }],
  },
  {
    code: 'sum_parity',
    selections: ['odd', 'even'],
    payoutE4: (result, selection, odds) => (parityOf(sum(result)) === selection ? need(odds, 'sum_parity') : 0),
    oddsKeys: () => ['sum_parity'],
    chances: (selection) => [{ oddsKey: 'sum_parity', ways: sumWays((s) => parityOf(s) === selection), of: SPACE }],
  },
  {
    code: 'dragon_tiger',
    selections: ['dragon', 'tiger', 'tie'],
    payoutE4: (result, selection, odds) => {
      const [a, e] = [at(result, 'A'), at(result, 'E')];
      const outcome = a > e ? 'dragon' : a < e ? 'tiger' : 'tie';
      if (outcome !== selection) return 0;
      return need(odds, selection === 'tie' ? 'tie' : 'dragon_tiger');
    },
    oddsKeys: (selection) => [selection === 'tie' ? 'tie' : 'dragon_tiger'],
    // Of the 100 equally likely pairs (A, E): 45 with A above E, 45 below, 10 equal.
    chances: (selection) => [
      selection === 'tie' ? { oddsKey: 'tie', ways: 10n, of: 100n } : { oddsKey: 'dragon_tiger', ways: 45n, of: 100n },
    ],
  },
];

export const FIVE_DIGIT_RULES: GroupRules = {
  draw: (take) => ({ digits: POSITIONS.map(() => take(10)) }),
  bets: BETS,
  formula: 'five values of n = 10 in order: positions A to E',
};
