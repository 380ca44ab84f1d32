import { describe, expect, it } from 'vitest';
import {
  acceptsBets,
  canSettle,
  roundAt,
  roundRng,
  roundSeed,
  seedCommitment,
  type TableSchedule,
  verifyReveal,
} from './table-round.ts';

const schedule: TableSchedule = {
  startMs: 1_000_000,
  bettingMs: 15_000,
  closedMs: 2_000,
  resultMs: 8_000,
  settledMs: 5_000,
};

describe('table round clock', () => {
  it('walks betting → closed → result → settled and into the next round', () => {
    expect(roundAt(schedule, 999_999)).toBeNull();
    expect(roundAt(schedule, 1_000_000)).toMatchObject({ roundNumber: 0, phase: 'betting', phaseEndMs: 1_015_000 });
    expect(roundAt(schedule, 1_014_999)?.phase).toBe('betting');
    expect(roundAt(schedule, 1_015_000)).toMatchObject({ phase: 'closed', bettingClosesMs: 1_015_000 });
    expect(roundAt(schedule, 1_017_000)?.phase).toBe('result');
    expect(roundAt(schedule, 1_025_000)).toMatchObject({
      phase: 'settled',
      settlesAtMs: 1_025_000,
      roundEndMs: 1_030_000,
    });
    // Round length 30 s: round 100 starts at 1,000,000 + 3,000,000.
    expect(roundAt(schedule, 4_000_001)).toMatchObject({ roundNumber: 100, phase: 'betting', roundStartMs: 4_000_000 });
  });

  it('accepts bets only for the current round while it is open, and settles only after the result', () => {
    expect(acceptsBets(schedule, 0, 1_014_999)).toBe(true);
    expect(acceptsBets(schedule, 0, 1_015_000)).toBe(false);
    expect(acceptsBets(schedule, 1, 1_014_999)).toBe(false);
    expect(acceptsBets(schedule, 1, 1_030_000)).toBe(true);
    expect(canSettle(schedule, 0, 1_024_999)).toBe(false);
    expect(canSettle(schedule, 0, 1_025_000)).toBe(true);
  });

  it('derives the same seed for everyone, commits to it and verifies the reveal', () => {
    const seed = roundSeed('server-secret', 'baccarat-1', 42);
    expect(seed).toBe(roundSeed('server-secret', 'baccarat-1', 42));
    expect(seed).not.toBe(roundSeed('server-secret', 'baccarat-1', 43));
    expect(seed).not.toBe(roundSeed('server-secret', 'baccarat-2', 42));
    expect(seed).not.toBe(roundSeed('other-secret', 'baccarat-1', 42));
    const commitment = seedCommitment(seed);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyReveal(seed, commitment)).toBe(true);
    expect(verifyReveal(roundSeed('server-secret', 'baccarat-1', 43), commitment)).toBe(false);
    expect(verifyReveal(seed, 'abcd')).toBe(false);
    const a = roundRng(seed);
    const b = roundRng(seed);
    expect([a.int(100), a.int(100), a.int(100)]).toEqual([b.int(100), b.int(100), b.int(100)]);
  });

  it('rejects a schedule without a betting phase', () => {
    expect(() => roundAt({ ...schedule, bettingMs: 0 }, 2_000_000)).toThrow(RangeError);
  });
});
