// The demo catalogue's vendors the studio plays for: every seamless one, and SBO and SABA in transfer mode (the
// studio serves them the transfer API and holds their players' balances). The portal's own lottery vendors
// (TCG_LOTTO_VN, TCG_SEA, ELOTT) and house games are not the studio's.
import { randomBytes } from 'node:crypto';
import { readJson, writeJson } from './connect.ts';

export const STUDIO_VENDORS = [
  'PG',
  'JILI',
  'PP',
  'JDB',
  'FC',
  'KA',
  'SPRIBE',
  'EVO',
  'SEXY',
  'SA',
  'AE',
  'KM',
  'TF',
  'IA',
  'SV388',
] as const;

/**
 * Vendors whose games open in a window of their own instead of the portal's /game frame (the integration's
 * launchTarget 'window'): real SV388 pages refuse to be framed, and so do the studio's (frame-ancestors 'none').
 */
export const WINDOW_VENDORS: readonly string[] = ['SV388'];

/** Where the portal opens a vendor's games: its own window for the vendors above, its /game frame for the others. */
export function launchTargetOf(code: string): 'frame' | 'window' {
  return WINDOW_VENDORS.includes(code) ? 'window' : 'frame';
}

/** Vendors in transfer mode: the portal moves money to the studio's wallet for them (docs/transfer-api.md). */
export const TRANSFER_VENDORS = ['SBO', 'SABA'] as const;

/** The base address of a transfer-mode vendor's transfer API on the studio: `<transferUrl>/<operation>`. */
export function transferUrlOf(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/transfer/${code}`;
}

/** Each vendor's shared secret, made once and kept in the studio's data folder (readable by its owner only). */
export function loadSecrets(file: string, codes: readonly string[]): Record<string, string> {
  const secrets = readJson<Record<string, string>>(file) ?? {};
  let changed = false;
  for (const code of codes) {
    if (!secrets[code]) {
      secrets[code] = randomBytes(32).toString('hex');
      changed = true;
    }
  }
  if (changed) writeJson(file, secrets);
  return secrets;
}

/** The launch address the portal fills for a vendor's games. */
export function launchUrlOf(publicUrl: string, code: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/play?game={gameId}&token={token}&lang={language}&mode={mode}&vendor=${code}`;
}
