import { describe, expect, it } from 'vitest';
import { presetRange, rangeInstants, rangeProblem, today } from './date-range.ts';

// 2026-11-22 20:30 UTC is already 2026-11-23 02:30 in Dhaka (UTC+6).
const lateEvening = new Date('2026-11-22T20:30:00Z');

describe('date ranges', () => {
  it('counts days in the brand time zone', () => {
    expect(today(lateEvening)).toBe('2026-11-23');
  });

  it('builds the four presets of spec section 9, both ends inclusive', () => {
    expect(presetRange('previous7', lateEvening)).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(presetRange('previous30', lateEvening)).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(presetRange('next7', lateEvening)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('next30', lateEvening)).toEqual({ from: '2026-11-23', to: '2026-12-22' });
  });

  it('turns a day range into instants at Dhaka midnight', () => {
    const { start, end } = rangeInstants({ from: '2026-11-01', to: '2026-11-30' });
    expect(start.toISOString()).toBe('2026-10-31T18:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-30T18:00:00.000Z');
  });

  it('refuses days that do not exist, reversed ranges and ranges over 90 days', () => {
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toBe('invalid');
    expect(rangeProblem({ from: '2026-1-01', to: '2026-03-01' })).toBe('invalid');
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('reversed');
    expect(rangeProblem({ from: '2026-01-01', to: '2026-04-01' })).toBe('too_long');
    expect(rangeProblem({ from: '2026-01-01', to: '2026-03-31' })).toBeNull();
  });
});
