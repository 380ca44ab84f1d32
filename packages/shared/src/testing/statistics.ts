/// <reference path="./jstat.d.ts" />
// Critical values for the statistical tests of random sources; test code only (jStat is a devDependency).
import jStat from 'jstat';

/** The value a chi-square statistic with `degreesOfFreedom` stays below with probability `p`. */
export function chiSquareQuantile(p: number, degreesOfFreedom: number): number {
  return jStat.chisquare.inv(p, degreesOfFreedom);
}

/** The standard normal quantile: the z that a standard normal variable stays below with probability `p`. */
export function normalQuantile(p: number): number {
  return jStat.normal.inv(p, 0, 1);
}

/** Pearson's statistic for `draws` values of `draw()` that should be uniform over `bins` bins. */
export function chiSquare(bins: number, draws: number, draw: () => number): number {
  const observed = new Float64Array(bins);
  for (let i = 0; i < draws; i++) observed[draw()]!++;
  const expected = draws / bins;
  let statistic = 0;
  for (const o of observed) statistic += (o - expected) ** 2 / expected;
  return statistic;
}
