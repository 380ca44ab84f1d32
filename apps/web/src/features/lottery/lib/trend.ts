import type { LotteryResult } from '../api/lottery-types';
import { numbersOf, type ResultView, totalOf, viewOf } from './draw-numbers';

/** The trend looks at the last 100 drawn results. */
export const TREND_SIZE = 100;
const HOT_COLD = 3;

export interface Frequency {
  value: number;
  count: number;
}

export interface Streak {
  kind: 'size' | 'parity' | 'colour';
  value: string;
  /** How many of the latest draws in a row share the value. */
  length: number;
}

export interface Trend {
  draws: number;
  frequency: Frequency[];
  /** The most drawn numbers, most first (ties: the smaller number first). */
  hot: number[];
  /** The least drawn numbers, least first (a number never drawn counts 0). */
  cold: number[];
  streaks: Streak[];
}

/** The numbers a group can draw, so that a number never drawn still shows with 0. */
function domainOf(views: ResultView[]): number[] {
  const first = views[0];
  if (!first) return [];
  if (first.kind === 'wingo') return range(0, 9);
  if (first.kind === 'dice') return range(1, 6);
  const all = views.flatMap(numbersOf);
  return range(Math.min(...all), Math.max(...all));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Big or small of the total: Win Go 5–9 is big; K3 11–17 is big and a triple neither (as the bets settle). */
function sizeOf(view: ResultView): string | null {
  if (view.kind === 'wingo') return view.size;
  if (view.kind === 'dice') {
    if (view.dice.every((die) => die === view.dice[0])) return 'triple';
    return view.sum >= 11 ? 'big' : 'small';
  }
  return null;
}

function currentStreak(views: ResultView[], kind: Streak['kind'], read: (view: ResultView) => string | null) {
  const latest = views[0] ? read(views[0]) : null;
  if (latest === null) return null;
  let length = 0;
  for (const view of views) {
    if (read(view) !== latest) break;
    length++;
  }
  return { kind, value: latest, length };
}

/** Frequency, hot and cold numbers and the current streaks of results given newest first. */
export function trendOf(results: readonly LotteryResult[]): Trend {
  const views = results
    .slice(0, TREND_SIZE)
    .map((result) => viewOf(result.result))
    .filter((view): view is ResultView => view !== null);
  const counts = new Map(domainOf(views).map((value) => [value, 0]));
  for (const number of views.flatMap(numbersOf)) counts.set(number, (counts.get(number) ?? 0) + 1);
  const frequency = [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => a.value - b.value);
  const byCount = [...frequency].sort((a, b) => b.count - a.count || a.value - b.value);
  const hot = byCount.slice(0, HOT_COLD).map((entry) => entry.value);
  const cold = [...frequency]
    .sort((a, b) => a.count - b.count || a.value - b.value)
    .slice(0, HOT_COLD)
    .map((entry) => entry.value);
  const streaks = [
    currentStreak(views, 'size', sizeOf),
    currentStreak(views, 'parity', (view) => (totalOf(view) % 2 === 1 ? 'odd' : 'even')),
    currentStreak(views, 'colour', (view) => (view.kind === 'wingo' ? (view.colours[0] ?? null) : null)),
  ].filter((streak): streak is Streak => streak !== null);
  return { draws: views.length, frequency, hot, cold, streaks };
}
