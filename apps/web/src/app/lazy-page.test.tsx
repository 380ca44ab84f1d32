import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage, withTimeout } from './lazy-page';

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

describe('lazyPage', () => {
  function Screen() {
    return <p>screen</p>;
  }

  it('renders a preloaded screen in the first commit, without its fallback', async () => {
    const load = vi.fn(async () => ({ Screen }));
    const Page = lazyPage(load, (m) => m.Screen);
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously after render: no suspension, so no fallback commit and no waiting.
    expect(screen.getByText('screen')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on first render when nothing preloaded it, and loads only once', async () => {
    const load = vi.fn(async () => ({ Screen }));
    const Page = lazyPage(load, (m) => m.Screen);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('screen')).toBeTruthy();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed preload', async () => {
    const load = vi
      .fn<() => Promise<{ Screen: typeof Screen }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Screen });
    const Page = lazyPage(load, (m) => m.Screen);
    await expect(Page.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await Page.preload();
    render(<Page />);
    expect(screen.getByText('screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
