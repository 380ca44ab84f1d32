import { describe, expect, it } from 'vitest';
import { checkWindowSpec, dueWindows, nextWindowEnd, windowAt, windowIndex } from './windows.ts';

const at = (iso: string) => Date.parse(iso);
const keys = (windows: { key: string }[]) => windows.map((w) => w.key);

describe('job windows', () => {
  it('names a window by its local start, as precise as its length needs', () => {
    const day = { everyMs: 86_400_000, catchUp: 1 };
    expect(windowAt('daily-wage', day, windowIndex(day, at('2026-11-27T15:00:00Z')))).toEqual({
      key: 'daily-wage:2026-11-27',
      start: new Date('2026-11-27T00:00:00Z'),
      end: new Date('2026-11-28T00:00:00Z'),
    });
    const hour = { everyMs: 3_600_000, catchUp: 1 };
    expect(windowAt('rebate', hour, windowIndex(hour, at('2026-11-27T15:59:59Z'))).key).toBe('rebate:2026-11-27T15');
    const fiveMinutes = { everyMs: 300_000, catchUp: 1 };
    expect(windowAt('draw', fiveMinutes, windowIndex(fiveMinutes, at('2026-11-27T15:07:00Z'))).key).toBe(
      'draw:2026-11-27T15:05',
    );
    const thirtySeconds = { everyMs: 30_000, catchUp: 1 };
    expect(windowAt('sweep', thirtySeconds, windowIndex(thirtySeconds, at('2026-11-27T15:07:45Z'))).key).toBe(
      'sweep:2026-11-27T15:07:30',
    );
  });

  it('cuts days at local midnight when given an offset from UTC (Dhaka is UTC+6)', () => {
    const dhakaDay = { everyMs: 86_400_000, utcOffsetMinutes: 360, catchUp: 1 };
    // 20:00 UTC on the 27th is 02:00 on the 28th in Dhaka.
    const window = windowAt('daily-wage', dhakaDay, windowIndex(dhakaDay, at('2026-11-27T20:00:00Z')));
    expect(window).toEqual({
      key: 'daily-wage:2026-11-28',
      start: new Date('2026-11-27T18:00:00Z'),
      end: new Date('2026-11-28T18:00:00Z'),
    });
    expect(nextWindowEnd(dhakaDay, at('2026-11-27T20:00:00Z'))).toBe(at('2026-11-28T18:00:00Z'));
  });

  it('sends only the window that ended last when nothing was sent before', () => {
    const hour = { everyMs: 3_600_000, catchUp: 24 };
    expect(keys(dueWindows('rebate', hour, at('2026-11-27T15:20:00Z'), null))).toEqual(['rebate:2026-11-27T14']);
  });

  it('sends nothing while the window after the last one sent is still running', () => {
    const hour = { everyMs: 3_600_000, catchUp: 24 };
    expect(dueWindows('rebate', hour, at('2026-11-27T15:59:59Z'), new Date('2026-11-27T14:00:00Z'))).toEqual([]);
  });

  it('catches up the windows missed since the last one sent, oldest first, at most catchUp of them', () => {
    const hour = { everyMs: 3_600_000, catchUp: 3 };
    const lastSent = new Date('2026-11-27T10:00:00Z');
    expect(keys(dueWindows('rebate', hour, at('2026-11-27T13:10:00Z'), lastSent))).toEqual([
      'rebate:2026-11-27T11',
      'rebate:2026-11-27T12',
    ]);
    expect(keys(dueWindows('rebate', hour, at('2026-11-27T20:10:00Z'), lastSent))).toEqual([
      'rebate:2026-11-27T17',
      'rebate:2026-11-27T18',
      'rebate:2026-11-27T19',
    ]);
  });

  it('refuses windows the scheduler cannot keep', () => {
    expect(() => checkWindowSpec({ everyMs: 1500, catchUp: 1 })).toThrow(/whole number of seconds/);
    expect(() => checkWindowSpec({ everyMs: 0, catchUp: 1 })).toThrow(/whole number of seconds/);
    expect(() => checkWindowSpec({ everyMs: 60_000, utcOffsetMinutes: 900, catchUp: 1 })).toThrow(/utcOffsetMinutes/);
    expect(() => checkWindowSpec({ everyMs: 60_000, catchUp: 0 })).toThrow(/catchUp/);
    expect(() => checkWindowSpec({ everyMs: 60_000, catchUp: 1001 })).toThrow(/catchUp/);
    expect(() => checkWindowSpec({ everyMs: 30_000, utcOffsetMinutes: 360, catchUp: 1 })).not.toThrow();
  });
});
