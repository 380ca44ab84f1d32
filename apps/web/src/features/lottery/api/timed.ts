import { ApiError } from '@/lib/api-client';

/**
 * Runs a call and notes when its answer arrived and how long the round trip took, by the page's clock: a game's
 * remainTime counts from the server's answer, so the countdown starts from the arrival less half the trip.
 */
export async function timed<T>(call: () => Promise<T>): Promise<{ value: T; receivedAt: number; roundTripMs: number }> {
  const started = performance.now();
  const value = await call();
  const roundTripMs = Math.max(0, performance.now() - started);
  return { value, receivedAt: Date.now(), roundTripMs };
}

/** A list the server does not offer yet (404) shows as an empty list rather than an error. */
export async function emptyWhenMissing<T>(call: () => Promise<T[]>): Promise<T[]> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
