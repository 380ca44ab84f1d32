// Record pages filter by calendar days in the brand's time zone; the presets are spec section 9's.
import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, isValid, parse } from 'date-fns';

/** Bangladesh: the day a member sees in a record is the day in Dhaka, wherever the server runs. */
export const BRAND_TIME_ZONE = 'Asia/Dhaka';
export const DAY_FORMAT = 'yyyy-MM-dd';
/** Weeks run Sunday to Saturday, the working week of Bangladesh (team reports' "this week", weekly dividends). */
export const WEEK_STARTS_ON = 0;
/** The longest range one record query may cover. */
export const MAX_RANGE_DAYS = 90;

export const DATE_PRESETS = ['previous7', 'previous30', 'next7', 'next30'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

/** Today in the brand's zone as yyyy-MM-dd. */
export function today(now: Date = new Date()): string {
  return format(new TZDate(now, BRAND_TIME_ZONE), DAY_FORMAT);
}

/** previous N: the N days ending today; next N: the N days starting today. Both ends inclusive. */
export function presetRange(preset: DatePreset, now: Date = new Date()): DayRange {
  const start = parseDay(today(now));
  if (!start) throw new Error('today did not parse');
  const days = preset.endsWith('30') ? 30 : 7;
  const first = preset.startsWith('previous') ? addDays(start, -(days - 1)) : start;
  return { from: format(first, DAY_FORMAT), to: format(addDays(first, days - 1), DAY_FORMAT) };
}

/** A yyyy-MM-dd day as a local calendar date; null when it is not a real day. */
export function parseDay(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = parse(text, DAY_FORMAT, new Date(2000, 0, 1));
  return isValid(day) && format(day, DAY_FORMAT) === text ? day : null;
}

/** Why a range cannot be queried, or null when it can. */
export function rangeProblem(range: DayRange): 'invalid' | 'reversed' | 'too_long' | null {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (!from || !to) return 'invalid';
  const span = differenceInCalendarDays(to, from);
  if (span < 0) return 'reversed';
  if (span >= MAX_RANGE_DAYS) return 'too_long';
  return null;
}

/** The instants a day range covers in the brand's zone: [start of `from`, start of the day after `to`). */
export function rangeInstants(range: DayRange): { start: Date; end: Date } {
  const [fy, fm, fd] = range.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = range.to.split('-').map(Number) as [number, number, number];
  const start = new TZDate(fy, fm - 1, fd, BRAND_TIME_ZONE);
  const end = new TZDate(ty, tm - 1, td + 1, BRAND_TIME_ZONE);
  return { start: new Date(start.getTime()), end: new Date(end.getTime()) };
}
