import type { LotteryResult, VnResult } from '../api/lottery-types';
import { isVnResult } from './vn-ticket';

/** The Vietnamese trend looks at the last 30 drawn days. */
export const VN_TREND_SIZE = 30;
/** How many hot, cold and longest-absent numbers are listed. */
const LISTED = 5;

export interface VnFrequency {
  /** 0..99, the two-digit ending (shown zero-padded). */
  value: number;
  count: number;
}

export interface VnAbsence {
  value: number;
  /** Draws since the number last came (0: it came in the latest draw). */
  draws: number;
  /** It did not come in any of the draws looked at; `draws` is then their count. */
  never: boolean;
}

export interface VnNumberStats {
  frequency: VnFrequency[];
  /** The most drawn endings, most first (ties: the smaller number first); only those that came. */
  hot: number[];
  /** The least drawn endings, least first (ties: the smaller number first); an ending never drawn counts 0. */
  cold: number[];
  /** Each ending's draws since it last came, 00 to 99. */
  absences: VnAbsence[];
  /** The longest current absences, longest first (ties: the smaller number first). */
  longestAbsent: VnAbsence[];
}

export interface VnTrend {
  draws: number;
  /** lô: the endings of every prize of each draw's table (27 numbers a day in the north, 18 in the south). */
  lo: VnNumberStats;
  /** đề: the ending of the special prize, one a day. */
  de: VnNumberStats;
}

/** The last two digits of a prize's number, as 0..99; null for a number shorter than two digits. */
export function endingOf(number: string): number | null {
  return /^[0-9]{2,}$/.test(number) ? Number(number.slice(-2)) : null;
}

/** The lô endings of a draw: one per prize number, repeats kept (an ending on two prizes counts twice). */
export function loEndings(result: VnResult): number[] {
  return Object.values(result.prizes)
    .flat()
    .flatMap((number) => {
      const ending = endingOf(number ?? '');
      return ending === null ? [] : [ending];
    });
}

/** The đề ending of a draw: the special prize's last two digits. */
export function deEndings(result: VnResult): number[] {
  const special = endingOf(result.prizes.DB?.[0] ?? '');
  return special === null ? [] : [special];
}

/** Frequency, hot, cold and absences of endings over draws given newest first (each draw's endings). */
export function numberStats(draws: readonly (readonly number[])[]): VnNumberStats {
  const counts = Array.from({ length: 100 }, () => 0);
  const lastSeen: (number | null)[] = Array.from({ length: 100 }, () => null);
  draws.forEach((endings, index) => {
    for (const ending of endings) {
      counts[ending] = (counts[ending] ?? 0) + 1;
      if (lastSeen[ending] === null) lastSeen[ending] = index;
    }
  });
  const frequency = counts.map((count, value) => ({ value, count }));
  const hot = [...frequency]
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.value - b.value)
    .slice(0, LISTED)
    .map((entry) => entry.value);
  const cold = [...frequency]
    .sort((a, b) => a.count - b.count || a.value - b.value)
    .slice(0, LISTED)
    .map((entry) => entry.value);
  const absences = lastSeen.map((index, value) => ({
    value,
    draws: index ?? draws.length,
    never: index === null,
  }));
  const longestAbsent = [...absences]
    .sort((a, b) => b.draws - a.draws || a.value - b.value)
    .slice(0, LISTED)
    .filter((absence) => absence.draws > 0);
  return { frequency, hot, cold, absences, longestAbsent };
}

/** The lô and đề trend of the last `size` drawn Vietnamese results, given newest first. */
export function vnTrendOf(results: readonly LotteryResult[], size = VN_TREND_SIZE): VnTrend {
  const tables = results
    .map((result): unknown => result.result)
    .filter(isVnResult)
    .slice(0, size);
  return {
    draws: tables.length,
    lo: numberStats(tables.map(loEndings)),
    de: numberStats(tables.map(deEndings)),
  };
}

/** An ending as the page writes it: two digits. */
export const twoDigits = (value: number) => String(value).padStart(2, '0');
