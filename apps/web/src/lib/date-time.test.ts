process.env.TZ = 'UTC';

import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatTime } from './date-time';

describe('player dates and times', () => {
  it('reads an instant in Dhaka whatever the device zone, in the player language', () => {
    expect(formatDateTime('2026-11-27T01:28:00.000Z', 'en')).toBe('27 Nov 2026, 7:28 am');
    expect(formatDateTime(new Date('2026-11-27T13:05:00.000Z'), 'en')).toBe('27 Nov 2026, 7:05 pm');
    expect(formatDateTime('2026-11-27T01:28:00.000Z', 'bn')).toBe('২৭ নভে, ২০২৬, ৭:২৮ AM');
  });

  it('counts the day in Dhaka: 20:00 UTC is already the next day there', () => {
    expect(formatDay('2026-11-27T20:00:00.000Z', 'en')).toBe('28 Nov 2026');
  });

  it('reads the time of day alone in Dhaka', () => {
    expect(formatTime('2026-11-27T15:05:00.000Z', 'en')).toBe('9:05 pm');
    expect(formatTime('2026-11-27T01:28:00.000Z', 'bn')).toBe('৭:২৮ AM');
  });

  it('shows a dash for no time or a broken one', () => {
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('not a date', 'en')).toBe('—');
    expect(formatDay(undefined, 'bn')).toBe('—');
    expect(formatTime(null, 'en')).toBe('—');
  });
});
