import { describe, expect, it } from 'vitest';
import { cutoffAt, drawAt, refreshDelayMs } from './draw-timing';

const game = (numero: string | null, remainTime: number) => ({ numero, remainTime });

describe('refreshDelayMs', () => {
  it('waits the smallest remaining time among games with a draw number', () => {
    expect(refreshDelayMs([game('1', 12_000), game('2', 9_500), game(null, 100)])).toBe(9_500);
  });

  it('waits 7,000 ms when the smallest remaining time is 0 or less', () => {
    expect(refreshDelayMs([game('1', 0), game('2', 20_000)])).toBe(7_000);
    expect(refreshDelayMs([game('1', -300)])).toBe(7_000);
  });

  it('never waits more than 30,000 ms', () => {
    expect(refreshDelayMs([game('1', 90_000)])).toBe(30_000);
    expect(refreshDelayMs([game('1', 30_001)])).toBe(30_000);
    expect(refreshDelayMs([game('1', 29_999)])).toBe(29_999);
  });

  it('ignores games without a draw number, and waits the cap when none has one', () => {
    expect(refreshDelayMs([game(null, 1_000), game('', 2_000)])).toBe(30_000);
    expect(refreshDelayMs([])).toBe(30_000);
  });
});

describe('cutoffAt', () => {
  it('is the remaining time less half the round trip less the lock in ms, from the arrival', () => {
    // 60 s to the draw, a 400 ms round trip, a 5 s lock: bets close 54.8 s after the answer arrived.
    expect(cutoffAt({ remainTime: 60_000, lockTime: 5 }, { receivedAt: 1_000_000, roundTripMs: 400 })).toBe(
      1_000_000 + 54_800,
    );
  });

  it('can lie in the past when the lock has begun', () => {
    expect(cutoffAt({ remainTime: 3_000, lockTime: 5 }, { receivedAt: 10_000, roundTripMs: 0 })).toBe(8_000);
  });
});

describe('drawAt', () => {
  it('is the remaining time less half the round trip, from the arrival', () => {
    expect(drawAt({ remainTime: 60_000 }, { receivedAt: 5_000, roundTripMs: 1_000 })).toBe(64_500);
  });
});
