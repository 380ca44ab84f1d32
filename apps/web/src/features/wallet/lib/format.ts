import { BRAND_TIME_ZONE } from '@portal/shared/date-range';

/** Times in the brand's zone, where the record days are counted, in the member's language. */
export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: BRAND_TIME_ZONE,
  }).format(date);
}
