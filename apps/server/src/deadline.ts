/** A wait that outlived its deadline. */
export class DeadlineExceeded extends Error {
  constructor(readonly timeoutMs: number) {
    super(`not done within ${timeoutMs} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Settles as `work` does, or rejects with DeadlineExceeded once `timeoutMs` pass first. The work itself is not
 * stopped (a promise cannot be); the caller stops waiting for it.
 */
export async function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(timeoutMs)), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
