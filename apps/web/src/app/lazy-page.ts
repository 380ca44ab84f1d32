import { TIMING } from '@portal/shared/constants';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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

/** Route-level code splitting: the screen loads on first visit, or fails into the route's error boundary. */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazy(() => withTimeout(load()).then((module) => ({ default: pick(module) })));
}
