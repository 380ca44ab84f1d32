import { type ReactNode, startTransition, useEffect, useState } from 'react';

/** The longest wait for an idle moment before the content mounts anyway. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * Mounts its content once the first screen is in and the main thread is idle: for parts below the fold
 * (the footer) or not needed at once (the news popup), so they do not add to the start-up work.
 */
export function WhenIdle({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const show = () => startTransition(() => setReady(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(show, 1);
    return () => window.clearTimeout(timer);
  }, []);

  return ready ? children : null;
}
