import type { DiceDirection } from '@portal/shared/provably-fair';

/** A roll or a target (0–9999) as players read it: 0.00–99.99. */
export function formatRoll(value: number): string {
  return (value / 100).toFixed(2);
}

/** "49.5" or "49.50" -> 4950; null for anything that is not 0.00–99.99 with at most two places. */
export function parseRoll(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Win chance in basis points as a percentage: 4950 -> "49.50". */
export function formatChance(chanceBp: number): string {
  return (chanceBp / 100).toFixed(2);
}

/** The payout multiplier in ten-thousandths as shown: 19800 -> "1.9800". */
export function formatMultiplier(multiplierE4: number): string {
  return (multiplierE4 / 10_000).toFixed(4);
}

export interface VerifyLink {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  language: string;
  /** The commitment the page showed before play, for the verifier to compare. */
  serverSeedHash?: string;
  direction?: DiceDirection;
  /** 0–9999. */
  target?: number;
  stake?: string;
}

/** The verifier's address with its inputs filled in. */
export function verifyHref(link: VerifyLink): string {
  const params = new URLSearchParams({
    serverSeed: link.serverSeed,
    clientSeed: link.clientSeed,
    nonce: String(link.nonce),
    lang: link.language,
  });
  if (link.serverSeedHash) params.set('hash', link.serverSeedHash);
  if (link.direction) params.set('direction', link.direction);
  if (link.target !== undefined) params.set('target', formatRoll(link.target));
  if (link.stake) params.set('stake', link.stake);
  return `/house/verify?${params.toString()}`;
}
