// The windows a contract is settled over. Salaries use the job's own window (5 minutes, an hour, a day); a dividend's
// period (daily, weekly, semimonthly, monthly) is made of days in Dhaka, and the daily dividend job settles every
// period that ends with its day.
import { TZDate } from '@date-fns/tz';
import type { DividendPeriod } from '@portal/shared/contracts';
import { BRAND_TIME_ZONE, WEEK_STARTS_ON } from '@portal/shared/date-range';
import { addDays, addMonths, format, startOfMonth } from 'date-fns';

export interface SettlementWindow {
  key: string;
  start: Date;
  end: Date;
  /** Set for a dividend's period: only contracts of this period settle in it. */
  period: DividendPeriod | null;
}

const instant = (day: Date) => new Date(day.getTime());

/** The dividend periods that end when the Dhaka day starting at `dayStart` ends. */
export function dividendPeriodsEnding(dayStart: Date): SettlementWindow[] {
  const day = new TZDate(dayStart.getTime(), BRAND_TIME_ZONE);
  const next = addDays(day, 1);
  const label = (period: DividendPeriod, from: Date) => `dividend:${period}:${format(from, 'yyyy-MM-dd')}`;
  const windows: SettlementWindow[] = [
    { key: label('daily', day), start: instant(day), end: instant(next), period: 'daily' },
  ];
  if (next.getDay() === WEEK_STARTS_ON) {
    const from = addDays(next, -7);
    windows.push({ key: label('weekly', from), start: instant(from), end: instant(next), period: 'weekly' });
  }
  const monthStart = startOfMonth(day);
  const lastOfMonth = next.getDate() === 1;
  if (day.getDate() === 15) {
    windows.push({
      key: label('semimonthly', monthStart),
      start: instant(monthStart),
      end: instant(next),
      period: 'semimonthly',
    });
  }
  if (lastOfMonth) {
    const secondHalf = addDays(monthStart, 15);
    windows.push({
      key: label('semimonthly', secondHalf),
      start: instant(secondHalf),
      end: instant(next),
      period: 'semimonthly',
    });
    windows.push({
      key: label('monthly', monthStart),
      start: instant(monthStart),
      end: instant(addMonths(monthStart, 1)),
      period: 'monthly',
    });
  }
  return windows;
}
