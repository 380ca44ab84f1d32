import type { TeamPeriod } from '@portal/shared/agents';
import { DAY_FORMAT, type DayRange, parseDay, today, WEEK_STARTS_ON } from '@portal/shared/date-range';
import { addDays, differenceInCalendarDays, format, startOfMonth, startOfWeek } from 'date-fns';

/** The longest range the team reports take: a quarter of any three months (92 days) and a day to spare. */
export const TEAM_RANGE_MAX_DAYS = 93;

export type TeamPreset = Exclude<TeamPeriod, 'custom'>;
export const TEAM_PRESETS: readonly TeamPreset[] = ['today', 'yesterday', 'thisWeek', 'thisMonth'];

/** A preset as days in Dhaka, both ends included; this week and this month end today. */
export function teamPresetRange(preset: TeamPreset, now: Date = new Date()): DayRange {
  const day = parseDay(today(now));
  if (!day) throw new Error('today did not parse');
  const first =
    preset === 'today'
      ? day
      : preset === 'yesterday'
        ? addDays(day, -1)
        : preset === 'thisWeek'
          ? startOfWeek(day, { weekStartsOn: WEEK_STARTS_ON })
          : startOfMonth(day);
  const last = preset === 'yesterday' ? first : day;
  return { from: format(first, DAY_FORMAT), to: format(last, DAY_FORMAT) };
}

export type TeamRangeProblem = 'invalid' | 'reversed' | 'future' | 'too_long';

/** Why a chosen range cannot be asked for, or null when it can: real days, in order, not after today, ≤ 93 days. */
export function teamRangeProblem(range: DayRange, now: Date = new Date()): TeamRangeProblem | null {
  const from = parseDay(range.from);
  const to = parseDay(range.to);
  if (!from || !to) return 'invalid';
  const span = differenceInCalendarDays(to, from);
  if (span < 0) return 'reversed';
  if (range.to > today(now)) return 'future';
  if (span >= TEAM_RANGE_MAX_DAYS) return 'too_long';
  return null;
}
