import { useEffect, useState } from 'react';

const ROLL_ANIMATION_MS = 650;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface RollingNumber {
  /** The number to draw now: scrambled while it rolls, then the result; null before the first roll. */
  shown: number | null;
  /** False while the number still rolls towards the result. */
  settled: boolean;
}

interface Frame {
  shown: number | null;
  /** The roll whose result is shown, landed. */
  landedId: string | null;
}

/**
 * Spins a 0–9999 number towards each new result (`rollId` tells a new roll from a repeat of the same value), easing
 * out so it lands. With reduced motion asked for, the result shows at once.
 */
export function useRollingNumber(value: number | null, rollId: string | null): RollingNumber {
  const [frame, setFrame] = useState<Frame>({ shown: value, landedId: rollId });

  useEffect(() => {
    if (value === null || rollId === null) return;
    if (prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
      setFrame({ shown: value, landedId: rollId });
      return;
    }
    const start = performance.now();
    let request = 0;
    // Progress is read from the same clock as the start, not from the frame's timestamp: test DOMs time their frames
    // from another origin, and a roll there could take seconds to land.
    const step = () => {
      const progress = Math.min(1, (performance.now() - start) / ROLL_ANIMATION_MS);
      if (progress >= 1) {
        setFrame({ shown: value, landedId: rollId });
        return;
      }
      // The scatter around the result shrinks as the roll slows down.
      const spread = 10_000 * (1 - progress) ** 3;
      const noise = Math.round((Math.random() - 0.5) * spread);
      setFrame((previous) => ({ ...previous, shown: Math.min(9999, Math.max(0, value + noise)) }));
      request = requestAnimationFrame(step);
    };
    request = requestAnimationFrame(step);
    return () => cancelAnimationFrame(request);
  }, [value, rollId]);

  // Until the effect has run for a new roll, the old number stays and the new outcome stays hidden.
  return { shown: frame.shown, settled: rollId === null || frame.landedId === rollId };
}
