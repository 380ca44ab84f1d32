import type { TotpSetup } from '@portal/shared/auth';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { EphemeralStore } from '../http/ephemeral-store.ts';

/** A new authenticator-app secret, with the otpauth address and its QR code for the app to scan. */
export async function newTotpSetup(issuer: string, label: string): Promise<TotpSetup> {
  const secret = generateSecret();
  const otpauthUrl = generateURI({ issuer, label, secret });
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/**
 * Whether `code` is the app's code for `secret`, one 30-second step either side, accepted once: the same code again
 * within its window is refused. `usedBy` names whose codes they are (a member, an operator), so each has its own.
 */
export async function acceptTotpCode(
  store: EphemeralStore,
  secret: string | null,
  code: string,
  usedBy: string,
): Promise<boolean> {
  if (!secret || !/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, epochTolerance: 30 }).catch(() => null);
  if (!result?.valid) return false;
  return store.put(`${usedBy}:${code}`, '1', 120_000, true);
}
