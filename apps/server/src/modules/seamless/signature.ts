import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_TOLERANCE_SECONDS } from './protocol.ts';

/** Why a signature was refused: no header, not of the form `t=…,v1=…`, wrong MAC, or signed too long ago. */
export type SignatureProblem = 'missing' | 'malformed' | 'forged' | 'stale';

const HEADER_PATTERN = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/** The signature header for a raw body: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signBody(secret: string, rawBody: string | Buffer, now = Date.now()): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, rawBody).toString('hex')}`;
}

/**
 * Null when `header` signs exactly these bytes with the secret within the tolerance. The MAC is compared in constant
 * time, and before the time, so a forged request learns nothing from which check failed.
 */
export function verifySignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | string[] | undefined,
  now = Date.now(),
): SignatureProblem | null {
  if (header === undefined || header === '') return 'missing';
  const match = typeof header === 'string' ? HEADER_PATTERN.exec(header) : null;
  if (!match) return 'malformed';
  const timestamp = Number(match[1]);
  const expected = mac(secret, timestamp, rawBody);
  if (!timingSafeEqual(expected, Buffer.from(match[2] as string, 'hex'))) return 'forged';
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  return null;
}

function mac(secret: string, timestamp: number, rawBody: string | Buffer): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}
