import { BRAND_TIME_ZONE } from '@portal/shared/date-range';

/** The player's time zone: the brand's (Dhaka), where the record pages count their days, whatever the device says. */
export const PLAYER_TIME_ZONE = BRAND_TIME_ZONE;

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const LOCALE_BY_LANGUAGE: Record<string, string> = { bn: 'bn-BD', en: 'en-GB' };

function dateOf(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(date: Date, language: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(LOCALE_BY_LANGUAGE[language] ?? language, {
    ...options,
    timeZone: PLAYER_TIME_ZONE,
  }).format(date);
}

/**
 * An instant as players read it, in the player's time zone and language, on a 12-hour clock ("27 Nov 2026, 7:31 am";
 * in Bengali with Bengali digits); '—' when there is none or it is not a date. Every date and time the web shows to
 * players goes through here or `formatDay`.
 */
export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  const date = dateOf(value);
  return date ? format(date, language, { ...DAY, hour: 'numeric', minute: '2-digit', hour12: true }) : '—';
}

/** The calendar day of an instant in the player's time zone ("27 Nov 2026"); '—' when there is none. */
export function formatDay(value: string | Date | null | undefined, language: string): string {
  const date = dateOf(value);
  return date ? format(date, language, DAY) : '—';
}

/** The time of day of an instant in the player's time zone ("9:05 pm"); '—' when there is none. */
export function formatTime(value: string | Date | null | undefined, language: string): string {
  const date = dateOf(value);
  return date ? format(date, language, { hour: 'numeric', minute: '2-digit', hour12: true }) : '—';
}
