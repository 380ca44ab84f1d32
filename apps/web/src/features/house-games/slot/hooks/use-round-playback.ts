import type { SlotRoundValue, SlotSpinValue } from '@portal/shared/house-games';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isPositive, sumAmounts } from '../lib/slot-math';

export const REEL_COUNT = 5;

/**
 * How long the presentation takes, in ms. The paid spin's reels stop left to right about a second after the press;
 * each free spin is quicker, then stays on screen long enough to read its wins.
 */
export const PLAYBACK_TIMING = {
  /** The least time the reels spin before the first one stops, counted from the press. */
  paidFirstStop: 400,
  paidStagger: 150,
  freeFirstStop: 250,
  freeStagger: 100,
  /** How long a stopped spin stays before the next free spin: with a win, without, and the one awarding spins. */
  dwellWin: 900,
  dwellNoWin: 450,
  dwellAward: 1500,
  /** With reduced motion the reels do not move, so each grid simply stays this long. */
  reducedDwell: 900,
} as const;

export interface PlaybackState {
  round: SlotRoundValue | null;
  /** The spin on the reels: 0 is the paid spin, then the free spins in turn. */
  spinIndex: number;
  /** Reels of that spin already stopped, from the left. */
  reelsStopped: number;
  /** The whole round has been shown (or skipped to its end). */
  finished: boolean;
  /** Delay before the first reel stops, counting the time the request took. */
  firstStopDelay: number;
}

const IDLE: PlaybackState = { round: null, spinIndex: 0, reelsStopped: 0, finished: true, firstStopDelay: 0 };

function dwellAfter(spin: SlotSpinValue, reducedMotion: boolean): number {
  if (spin.freeSpinsAwarded > 0) return PLAYBACK_TIMING.dwellAward;
  if (reducedMotion) return PLAYBACK_TIMING.reducedDwell;
  return isPositive(spin.win) ? PLAYBACK_TIMING.dwellWin : PLAYBACK_TIMING.dwellNoWin;
}

/** What one step of the presentation leads to, and after how long; null when the round has been shown. */
export function nextStep(state: PlaybackState, reducedMotion: boolean): { delay: number; next: PlaybackState } | null {
  const { round, spinIndex, reelsStopped } = state;
  if (!round || state.finished) return null;
  const spin = round.spins[spinIndex];
  if (!spin) return { delay: 0, next: { ...state, finished: true } };
  if (reelsStopped < REEL_COUNT) {
    const free = spinIndex > 0;
    const delay =
      reelsStopped === 0
        ? free
          ? PLAYBACK_TIMING.freeFirstStop
          : state.firstStopDelay
        : free
          ? PLAYBACK_TIMING.freeStagger
          : PLAYBACK_TIMING.paidStagger;
    return { delay, next: { ...state, reelsStopped: reelsStopped + 1 } };
  }
  if (spinIndex < round.spins.length - 1) {
    return {
      delay: dwellAfter(spin, reducedMotion),
      next: { ...state, spinIndex: spinIndex + 1, reelsStopped: reducedMotion ? REEL_COUNT : 0 },
    };
  }
  return { delay: 0, next: { ...state, finished: true } };
}

/** The round's win shown so far: every spin already on the reels whose reels have all stopped. */
export function runningWin(state: PlaybackState): string {
  if (!state.round) return '0.00';
  const shown = state.round.spins.slice(0, state.reelsStopped === REEL_COUNT ? state.spinIndex + 1 : state.spinIndex);
  return sumAmounts(shown.map((spin) => spin.win));
}

export interface RoundPlayback {
  state: PlaybackState;
  /** Shows a round: `pressedAt` (performance.now() at the press) keeps the first reel's stop about 0.4 s after it. */
  start: (round: SlotRoundValue, pressedAt?: number) => void;
  /** Jumps to the round's end (the last spin, every reel stopped). */
  skip: () => void;
}

/**
 * Steps through a round's presentation on timers: the reels of each spin stop left to right, then the next free
 * spin follows after a pause. `onFinish` runs once per round, when its end is on screen.
 */
export function useRoundPlayback(reducedMotion: boolean, onFinish: (round: SlotRoundValue) => void): RoundPlayback {
  const [state, setState] = useState<PlaybackState>(IDLE);
  const onFinishRef = useRef(onFinish);
  onFinishRef.current = onFinish;
  const reportedRef = useRef<SlotRoundValue | null>(null);

  // The round's end and what the page does with it (balance, last win) go into the same render: no frame shows the
  // spin button ready while the meters still show the round before.
  const advance = useCallback((next: PlaybackState) => {
    setState(next);
    if (next.round && next.finished && reportedRef.current !== next.round) {
      reportedRef.current = next.round;
      onFinishRef.current(next.round);
    }
  }, []);

  useEffect(() => {
    const step = nextStep(state, reducedMotion);
    if (!step) return;
    if (step.delay <= 0) {
      advance(step.next);
      return;
    }
    const timer = setTimeout(() => advance(step.next), step.delay);
    return () => clearTimeout(timer);
  }, [state, reducedMotion, advance]);

  const start = useCallback(
    (round: SlotRoundValue, pressedAt?: number) => {
      const elapsed = pressedAt === undefined ? 0 : performance.now() - pressedAt;
      setState({
        round,
        spinIndex: 0,
        reelsStopped: reducedMotion ? REEL_COUNT : 0,
        finished: false,
        firstStopDelay: Math.max(120, PLAYBACK_TIMING.paidFirstStop - elapsed),
      });
    },
    [reducedMotion],
  );

  const skip = useCallback(() => {
    const current = state;
    if (!current.round || current.finished) return;
    advance({ ...current, spinIndex: current.round.spins.length - 1, reelsStopped: REEL_COUNT, finished: true });
  }, [state, advance]);

  return { state, start, skip };
}
