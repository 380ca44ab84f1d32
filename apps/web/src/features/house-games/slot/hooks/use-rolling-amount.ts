import { fromMinor, isDecimalAmount, toMinor } from '@portal/shared/money';
import { useEffect, useRef, useState } from 'react';

export const ROLL_DURATION_MS = 1500;

function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

/**
 * An amount that counts up to each new value instead of jumping to it (a fall, such as a pool paid out, jumps).
 * With reduced motion, or without animation frames, it always jumps. Returns a decimal string with two places.
 */
export function useRollingAmount(target: string | null | undefined, reducedMotion: boolean): string | null {
  const valid = target && isDecimalAmount(target) ? target : null;
  const [shown, setShown] = useState<string | null>(valid);
  const shownRef = useRef<string | null>(valid);

  useEffect(() => {
    const set = (value: string | null) => {
      shownRef.current = value;
      setShown(value);
    };
    const from = shownRef.current;
    if (valid === null || from === null || reducedMotion || typeof requestAnimationFrame !== 'function') {
      set(valid);
      return;
    }
    const start = toMinor(from);
    const end = toMinor(valid);
    if (end <= start) {
      set(valid);
      return;
    }
    // Pools stay far below 2^53 minor units, so a float is exact enough for the frames in between; the last frame
    // shows the target itself.
    const distance = Number(end - start);
    const startedAt = performance.now();
    // The same clock as the start (see use-rolling-number.ts in the dice game).
    let frame = requestAnimationFrame(function tick() {
      const progress = Math.min(1, (performance.now() - startedAt) / ROLL_DURATION_MS);
      if (progress >= 1) {
        set(valid);
        return;
      }
      set(fromMinor(start + BigInt(Math.floor(distance * easeOutCubic(progress)))));
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [valid, reducedMotion]);

  return shown;
}
