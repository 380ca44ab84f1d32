import { hashServerSeed, isValidServerSeed, rollWithHmac, serverSeedHmac } from '@portal/shared/provably-fair';
import { useEffect, useState } from 'react';

export interface RollVerification {
  /** SHA-256 of the server seed: what the game showed before play. */
  commitment: string | null;
  /** The HMAC message that gave the roll (`clientSeed:nonce`, with `:round` when every group was skipped). */
  message: string | null;
  /** HMAC-SHA256 of that message, hex. */
  digest: string | null;
  /** 0–9999. */
  roll: number | null;
  /** The browser could not compute (no Web Crypto, as on a plain-http page). */
  failed: boolean;
}

const EMPTY: RollVerification = { commitment: null, message: null, digest: null, roll: null, failed: false };

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Recomputes, in the browser with the shared code, the commitment of a server seed and the roll of a client seed and
 * nonce; nothing is sent anywhere. The HMAC is watched on its way through the shared algorithm, to show the digest
 * that gave the roll.
 */
export async function verifyRoll(
  serverSeed: string,
  bet: { clientSeed: string; nonce: number } | null,
): Promise<Omit<RollVerification, 'failed'>> {
  const commitment = await hashServerSeed(serverSeed);
  if (!bet) return { ...EMPTY, commitment };
  const hmac = await serverSeedHmac(serverSeed);
  const last: { message: string | null; digest: Uint8Array | null } = { message: null, digest: null };
  const roll = await rollWithHmac(
    async (message) => {
      const digest = await hmac(message);
      last.message = message;
      last.digest = digest;
      return digest;
    },
    bet.clientSeed,
    bet.nonce,
  );
  return { commitment, message: last.message, digest: last.digest ? toHex(last.digest) : null, roll };
}

/**
 * The verification of the inputs, recomputed when they change; an input given as null is not valid yet. Until the
 * new answer is in, nothing is shown rather than the answer to the previous inputs.
 */
export function useRollVerification(
  serverSeed: string | null,
  clientSeed: string | null,
  nonce: number | null,
): RollVerification {
  const key = JSON.stringify([serverSeed, clientSeed, nonce]);
  const [result, setResult] = useState<{ key: string; value: RollVerification } | null>(null);

  useEffect(() => {
    const inputs: [string | null, string | null, number | null] = JSON.parse(key);
    const [seed, client, nonceValue] = inputs;
    if (seed === null || !isValidServerSeed(seed)) return;
    let cancelled = false;
    const bet = client !== null && nonceValue !== null ? { clientSeed: client, nonce: nonceValue } : null;
    verifyRoll(seed, bet).then(
      (value) => {
        if (!cancelled) setResult({ key, value: { ...value, failed: false } });
      },
      () => {
        if (!cancelled) setResult({ key, value: { ...EMPTY, failed: true } });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key]);

  return result?.key === key ? result.value : EMPTY;
}
