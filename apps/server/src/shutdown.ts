import { DeadlineExceeded, withDeadline } from './deadline.ts';

interface ShutdownLog {
  info(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

/**
 * Runs the closing steps within `timeoutMs` and gives the exit code: 0 when they finished, 1 when one failed or
 * they were still running at the deadline (a hung database call must not keep a stopped node alive; whatever it
 * held is released by the exit).
 */
export async function shutDown(close: () => Promise<void>, timeoutMs: number, log: ShutdownLog): Promise<number> {
  try {
    await withDeadline(close(), timeoutMs);
    log.info({}, 'shut down');
    return 0;
  } catch (error) {
    if (error instanceof DeadlineExceeded) {
      log.error({ timeoutMs }, 'shutdown did not finish in time (SHUTDOWN_TIMEOUT_MS); exiting anyway');
    } else {
      log.error({ err: error }, 'shutdown failed');
    }
    return 1;
  }
}
