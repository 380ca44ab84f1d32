import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withTimeout } from './lazy-page';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('fails with a timeout ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(new Promise(() => {}));
    const assertion = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    const error = await withTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('failed');
  });

  it('passes a loaded module through', async () => {
    await expect(withTimeout(Promise.resolve({ ok: true }))).resolves.toEqual({ ok: true });
  });
});
