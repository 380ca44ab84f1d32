import { type BetType, type DrawResult, factorial, field, type GroupRules, need, pad2, range } from './rules-base.ts';

/**
 * PK10: a race of ten cars, 1–10; the result is the car at each position, champion (position 1) first. Drawn from
 * the formula of rules.ts by a Fisher–Yates shuffle: start from the list [1, 2, …, 10]; for i = 9 down to 1, take a
 * value j with n = i + 1 and swap the list's entries at indexes i and j (from 0). The list is then the ranking.
 *
 * Bets: a position's car ("3:07", position 3 is car 7); the champion's car big (6–10) or small (1–5), odd or even;
 * dragon or tiger of a pair of positions 1v10, 2v9, 3v8, 4v7, 5v6 (dragon: the first position's car is the higher
 * number); the sum of the champion's and the runner-up's cars (3–19).
 */

const CARS = range(1, 10);
const SPACE = factorial(10);
const rankingOf = (result: DrawResult) => field(result, 'ranking', 'PK10');
const champion = (result: DrawResult) => rankingOf(result)[0] as number;
const PAIRS = range(1, 5).map((first) => [first, 11 - first] as const);
const SUMS = range(3, 19);
/** Ordered pairs of different cars with the sum s: the first car a from 1..10, the second s − a, another car. */
const pairsWithSum = (s: number) => BigInt(CARS.filter((a) => s - a !== a && s - a >= 1 && s - a <= 10).length);

const BETS: BetType[] = [
  {
    code: 'position',
    selections: range(1, 10).flatMap((position) => CARS.map((car) => `${position}:${pad2(car)}`)),
    payoutE4: (result, selection, odds) => {
      const [position, car] = selection.split(':').map(Number) as [number, number];
      return rankingOf(result)[position - 1] === car ? need(odds, 'position') : 0;
    },
    oddsKeys: () => ['position'],
    chances: () => [{ oddsKey: 'position', ways: factorial(9), of: SPACE }],
  },
  {
    code: 'champion_size',
    selections: ['big', 'small'],
    payoutE4: (result, selection, odds) =>
      (champion(result) >= 6 ? 'big' : 'small') === selection ? need(odds, 'champion_size') : 0,
    oddsKeys: () => ['champion_size'],
    chances: () => [{ oddsKey: 'champion_size', ways: 5n * factorial(9), of: SPACE }],
  },
  {
    code: 'champion_parity',
    selections: ['odd', 'even'],
    payoutE4: (result, selection, odds) =>
      (champion(result) % 2 === 1 ? 'odd' : 'even') === selection ? need(odds, 'champion_parity') : 0,
    oddsKeys: () => ['champion_parity'],
    chances: () => [{ oddsKey: 'champion_parity', ways: 5n * factorial(9), of: SPACE }],
  },
  {
    code: 'dragon_tiger',
    selections: PAIRS.flatMap(([a, b]) => [`${a}v${b}:dragon`, `${a}v${b}:tiger`]),
    payoutE4: (result, selection, odds) => {
      const [pair, side] = selection.split(':') as [string, string];
      const [a, b] = pair.split('v').map(Number) as [number, number];
      const ranking = rankingOf(result);
      const outcome = (ranking[a - 1] as number) > (ranking[b - 1] as number) ? 'dragon' : 'tiger';
      return outcome === side ? need(odds, 'dragon_tiger') : 0;
    },
    oddsKeys: () => ['dragon_tiger'],
    // Two positions hold two different cars, the higher one first in exactly half of the permutations.
    chances: () => [{ oddsKey: 'dragon_tiger', ways: SPACE / 2n, of: SPACE }],
  },
  {
    code: 'sum12',
    selections: SUMS.map(String),
    payoutE4: (result, selection, odds) => {
      const ranking = rankingOf(result);
      return (ranking[0] as number) + (ranking[1] as number) === Number(selection) ? need(odds, `sum_${selection}`) : 0;
    },
    oddsKeys: (selection) => [`sum_${selection}`],
    // Each ordered pair of the first two positions leaves 8! orders of the other cars.
    chances: (selection) => [
      { oddsKey: `sum_${selection}`, ways: pairsWithSum(Number(selection)) * factorial(8), of: SPACE },
    ],
  },
];

export const PK10_RULES: GroupRules = {
  draw: (take) => {
    const ranking = [...CARS];
    for (let i = ranking.length - 1; i >= 1; i--) {
      const j = take(i + 1);
      [ranking[i], ranking[j]] = [ranking[j] as number, ranking[i] as number];
    }
    return { ranking };
  },
  bets: BETS,
  formula:
    'list [1..10]; for i = 9 down to 1: a value j of n = i + 1, swap the entries at i and j (from 0); the list is the ranking, champion first',
};
