import {
  type BetType,
  choose,
  combinations,
  type DrawResult,
  drawWithoutReplacement,
  field,
  type GroupRules,
  need,
  pad2,
  range,
} from './rules-base.ts';

/**
 * 11X5: five distinct balls of 1–11. Drawn from the formula of rules.ts without replacement: with the balls left in
 * ascending order (11 at first), a value v with n = the number of balls left (11, 10, 9, 8, 7) draws the v-th ball
 * (from 0), which is removed; the balls are kept in the order drawn, the first drawn being the first number.
 *
 * Bets: any k of the five (k = 1..5): k chosen balls, written ascending, zero-padded and comma-separated ("03,07"),
 * win when all of them are among the five drawn; the first number: one ball, which must be the first drawn.
 */

const BALLS = range(1, 11);
const ballsOf = (result: DrawResult) => field(result, 'balls', '11X5');

const anyOf = (k: number): BetType => ({
  code: `any${k}`,
  selections: combinations(BALLS, k).map((picked) => picked.map(pad2).join(',')),
  payoutE4: (result, selection, odds) => {
    const drawn = ballsOf(result);
    return selection.split(',').every((ball) => drawn.includes(Number(ball))) ? need(odds, `any${k}`) : 0;
  },
  oddsKeys: () => [`any${k}`],
  // The five drawn balls are a uniform 5-subset of 11: C(11 − k, 5 − k) of the C(11, 5) contain the k chosen.
  chances: () => [{ oddsKey: `any${k}`, ways: choose(11 - k, 5 - k), of: choose(11, 5) }],
});

const BETS: BetType[] = [
  ...range(1, 5).map(anyOf),
  {
    code: 'first',
    selections: BALLS.map(pad2),
    payoutE4: (result, selection, odds) => (ballsOf(result)[0] === Number(selection) ? need(odds, 'first') : 0),
    oddsKeys: () => ['first'],
    chances: () => [{ oddsKey: 'first', ways: 1n, of: 11n }],
  },
];

export const ELEVEN_FIVE_RULES: GroupRules = {
  draw: (take) => ({ balls: drawWithoutReplacement(take, BALLS, 5) }),
  bets: BETS,
  formula:
    'balls 1..11 ascending; five times: a value of n = balls left (11, 10, 9, 8, 7) draws the ball at that index (from 0) and removes it; balls in the order drawn',
};
