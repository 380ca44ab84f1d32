import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * The client's key for a money-moving request (the Idempotency-Key header): one per submission, reused on every
 * retry of it. The wallet's and the payments' calls both take it.
 */
export function requestKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[A-Za-z0-9_:-]{8,100}$/.test(key)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED');
  }
  return key;
}
