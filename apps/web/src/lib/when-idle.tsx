import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** The longest a part waits, from when it asked, for an idle moment before it goes ahead anyway. */
const IDLE_TIMEOUT_MS = 1500;

interface Waiting {
  run: () => void;
  deadline: number;
}

const waiting: Waiting[] = [];
let scheduled = false;

/**
 * Runs the waiting parts one per idle moment, in the order they asked. Each part's rendering (scheduled by
 * React as ordinary tasks) finishes before the next idle moment comes, so the parts mount in separate small
 * commits instead of one long one.
 */
function scheduleNext(): void {
  const next = waiting[0];
  if (scheduled || !next) return;
  scheduled = true;
  const run = () => {
    scheduled = false;
    waiting.shift()?.run();
    scheduleNext();
  };
  const timeout = Math.max(0, next.deadline - performance.now());
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout });
  else window.setTimeout(run, 1);
}

/** Calls `callback` at an idle moment of its own; the returned function withdraws it. */
export function onIdle(callback: () => void): () => void {
  const entry: Waiting = { run: callback, deadline: performance.now() + IDLE_TIMEOUT_MS };
  waiting.push(entry);
  scheduleNext();
  return () => {
    const index = waiting.indexOf(entry);
    if (index >= 0) waiting.splice(index, 1);
  };
}

/**
 * False until the main thread has had an idle moment for this component. Work that reads layout (a carousel
 * measuring its slides) waits for it, so it measures a settled page instead of forcing a fresh layout in the
 * middle of the start-up rendering.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => onIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}

/**
 * Mounts its content once the first screen is in and the main thread is idle: for parts below the fold
 * (the footer) or not needed at once (the news popup), so they do not add to the start-up work.
 */
export function WhenIdle({ children }: { children: ReactNode }) {
  return useIdle() ? children : null;
}
