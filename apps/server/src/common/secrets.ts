import { createHash, randomBytes, randomInt } from 'node:crypto';
import { maskMobileLocal } from '@portal/shared/phone';

/** A numeric code for SMS or e-mail, from the CSPRNG. */
export function numericCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** 256 random bits for session tokens, challenge ids and reset links; only the SHA-256 is ever stored. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: sha256(secret) };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A member's own invitation code (8 characters), or with `length` 10 an agent's invitation link code. */
export function newInviteCode(length = 8): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

/** A stored number the way the member dials it, its middle hidden (`017*****090`). */
export function maskMobile(code: string | null, mobile: string | null): string | null {
  return mobile ? maskMobileLocal(code, mobile) : null;
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
