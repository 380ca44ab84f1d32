import { TIMING } from '@portal/shared/constants';
import { type ComponentType, createElement, lazy, type ReactElement, useState } from 'react';

/** A screen's code failed to arrive: a network error, a stale deployment, or the 120 s timeout. */
export class ChunkLoadError extends Error {
  readonly reason: 'failed' | 'timeout';

  constructor(reason: 'failed' | 'timeout', cause?: unknown) {
    super(reason === 'timeout' ? 'Chunk load timed out' : 'Failed to resolve async component', { cause });
    this.name = 'ChunkLoadError';
    this.reason = reason;
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number = TIMING.chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError('failed', error));
      },
    );
  });
}

/** A screen (or a widget, with its props) whose code loads on its first render, or earlier through `preload`. */
export interface LazyPage<P extends object = object> {
  (props: P): ReactElement;
  /** Starts loading the code now; once it is in, the screen's first render no longer suspends. */
  preload(): Promise<void>;
}

/**
 * Code splitting for screens and side widgets: the code loads on first render, or fails (also after 120 s) into the
 * error boundary above it: a route's retry screen, the status screens' one, or a widget's, which leaves it out.
 *
 * A screen whose code is already in renders at once instead of through React.lazy, which suspends on its first
 * render whatever the state of the import: at start-up that meant a skeleton commit in place of the home page the
 * preload had already fetched, and the page itself a retry later.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;

  function loadOnce() {
    pending ??= withTimeout(load()).then(
      (module) => {
        loaded = pick(module);
        return { default: loaded };
      },
      (error: unknown) => {
        // Not remembered: the next render or preload tries again.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  }

  const Lazy = lazy(loadOnce);

  function Page(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component would remount the screen.
    const [Ready] = useState(() => loaded);
    return createElement(Ready ?? Lazy, props);
  }
  Page.preload = () => loadOnce().then(() => undefined);
  return Page;
}
