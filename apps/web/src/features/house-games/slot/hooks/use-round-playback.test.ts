import { describe, expect, it } from 'vitest';
import { roundOf, spinOf } from '../test/slot-fixtures';
import { nextStep, PLAYBACK_TIMING, type PlaybackState, REEL_COUNT, runningWin } from './use-round-playback';

const round = roundOf({
  win: '1.60',
  spins: [
    spinOf({ win: '0.40', scatterCount: 3, scatterWin: '0.40', freeSpinsAwarded: 2 }),
    spinOf({ freeSpin: true, multiplier: 3, win: '1.20' }),
    spinOf({ freeSpin: true, multiplier: 3 }),
  ],
});

function play(start: PlaybackState, reducedMotion: boolean) {
  const steps: { delay: number; state: PlaybackState }[] = [];
  let state = start;
  for (let step = nextStep(state, reducedMotion); step; step = nextStep(state, reducedMotion)) {
    state = step.next;
    steps.push({ delay: step.delay, state });
  }
  return steps;
}

describe('round playback', () => {
  it('stops the reels left to right in about a second, then plays each free spin in turn', () => {
    const steps = play({ round, spinIndex: 0, reelsStopped: 0, finished: false, firstStopDelay: 400 }, false);
    const paid = steps.slice(0, REEL_COUNT);
    expect(paid.map((s) => s.state.reelsStopped)).toEqual([1, 2, 3, 4, 5]);
    const paidTime = paid.reduce((sum, s) => sum + s.delay, 0);
    expect(paidTime).toBeGreaterThanOrEqual(800);
    expect(paidTime).toBeLessThanOrEqual(1100);
    // The spin that awarded free spins stays longest, then the first free spin's reels start again.
    expect(steps[REEL_COUNT]).toMatchObject({
      delay: PLAYBACK_TIMING.dwellAward,
      state: { spinIndex: 1, reelsStopped: 0 },
    });
    expect(steps.at(-1)?.state).toMatchObject({ spinIndex: 2, reelsStopped: REEL_COUNT, finished: true });
  });

  it('shows each grid without moving reels under reduced motion', () => {
    const steps = play({ round, spinIndex: 0, reelsStopped: REEL_COUNT, finished: false, firstStopDelay: 0 }, true);
    expect(steps.map((s) => [s.state.spinIndex, s.state.reelsStopped])).toEqual([
      [1, REEL_COUNT],
      [2, REEL_COUNT],
      [2, REEL_COUNT],
    ]);
    expect(steps.map((s) => s.delay)).toEqual([PLAYBACK_TIMING.dwellAward, PLAYBACK_TIMING.reducedDwell, 0]);
  });

  it('adds each spin to the running total once its reels have stopped', () => {
    const at = (spinIndex: number, reelsStopped: number) =>
      runningWin({ round, spinIndex, reelsStopped, finished: false, firstStopDelay: 0 });
    expect(at(0, 4)).toBe('0.00');
    expect(at(0, REEL_COUNT)).toBe('0.40');
    expect(at(1, 0)).toBe('0.40');
    expect(at(1, REEL_COUNT)).toBe('1.60');
    expect(at(2, REEL_COUNT)).toBe('1.60');
  });
});
