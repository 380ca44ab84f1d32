import { useCallback, useRef } from 'react';
import { newIdempotencyKey, outcomeUnknown } from '@/lib/idempotency';

/**
 * The Idempotency-Key of a form that moves money. A submission gets a fresh key. When its outcome is unknown
 * (no answer, a server failure) and the member sends the same details again, the same key goes with them, so the
 * server answers the first attempt instead of moving the money twice. A definite answer (success or refusal)
 * ends the submission: the next one is new. Other details are another submission and get another key, because
 * the server refuses a key reused with other details.
 */
export function useIdempotencyKey() {
  const pending = useRef<{ fingerprint: string; key: string } | null>(null);

  const keyFor = useCallback((details: unknown): string => {
    const fingerprint = JSON.stringify(details);
    if (pending.current?.fingerprint !== fingerprint) {
      pending.current = { fingerprint, key: newIdempotencyKey() };
    }
    return pending.current.key;
  }, []);

  /** Call with the error of a failed attempt, or nothing after a success. */
  const settle = useCallback((error?: unknown) => {
    if (error === undefined || !outcomeUnknown(error)) pending.current = null;
  }, []);

  return { keyFor, settle };
}
