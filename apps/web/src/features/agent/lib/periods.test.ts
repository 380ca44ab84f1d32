import { describe, expect, it } from 'vitest';
import { teamPresetRange, teamRangeProblem } from './periods';

// Thursday 26 November 2026, 20:30 UTC: already Friday 27 November in Dhaka (UTC+6).
const now = new Date('2026-11-26T20:30:00Z');

describe('team periods', () => {
  it('counts the presets in Dhaka days, weeks from Sunday', () => {
    expect(teamPresetRange('today', now)).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(teamPresetRange('yesterday', now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(teamPresetRange('thisWeek', now)).toEqual({ from: '2026-11-22', to: '2026-11-27' });
    expect(teamPresetRange('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-27' });
  });

  it('takes yesterday across the first of a month and this week on a Sunday', () => {
    const firstOfDecember = new Date('2026-12-01T03:00:00Z');
    expect(teamPresetRange('yesterday', firstOfDecember)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    const sunday = new Date('2026-11-29T10:00:00Z');
    expect(teamPresetRange('thisWeek', sunday)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
  });

  it('refuses ranges that are not real, reversed, in the future or longer than 93 days', () => {
    expect(teamRangeProblem({ from: '2026-11-31', to: '2026-11-27' }, now)).toBe('invalid');
    expect(teamRangeProblem({ from: '2026-11-27', to: '2026-11-01' }, now)).toBe('reversed');
    expect(teamRangeProblem({ from: '2026-11-27', to: '2026-11-28' }, now)).toBe('future');
    // 1 September to 2 December is 93 days: the longest allowed; one more is refused.
    const later = new Date('2026-12-02T10:00:00Z');
    expect(teamRangeProblem({ from: '2026-09-01', to: '2026-12-02' }, later)).toBeNull();
    expect(teamRangeProblem({ from: '2026-08-31', to: '2026-12-02' }, later)).toBe('too_long');
  });
});
