import { describe, expect, it, vi } from 'vitest';
import { DeadlineExceeded, withDeadline } from './deadline.ts';
import { shutDown } from './shutdown.ts';

function recordingLog() {
  return { info: vi.fn(), error: vi.fn() };
}

describe('withDeadline', () => {
  it('gives the result of work that finishes in time', async () => {
    await expect(withDeadline(Promise.resolve('done'), 50)).resolves.toBe('done');
  });

  it('rejects with DeadlineExceeded when the work outlives the deadline', async () => {
    await expect(withDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(DeadlineExceeded);
  });
});

describe('shutDown', () => {
  it('exits 0 when every step finishes within the deadline', async () => {
    const log = recordingLog();
    const close = vi.fn(async () => {});
    expect(await shutDown(close, 1000, log)).toBe(0);
    expect(close).toHaveBeenCalledOnce();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('exits 1 and says so once the deadline passes while a step hangs', async () => {
    vi.useFakeTimers();
    try {
      const log = recordingLog();
      const exitCode = shutDown(() => new Promise(() => {}), 10_000, log);
      await vi.advanceTimersByTimeAsync(9_999);
      expect(log.error).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(await exitCode).toBe(1);
      expect(log.error).toHaveBeenCalledWith({ timeoutMs: 10_000 }, expect.stringContaining('SHUTDOWN_TIMEOUT_MS'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('exits 1 when a step fails', async () => {
    const log = recordingLog();
    const failure = new Error('database gone');
    expect(await shutDown(async () => Promise.reject(failure), 1000, log)).toBe(1);
    expect(log.error).toHaveBeenCalledWith({ err: failure }, 'shutdown failed');
  });
});
