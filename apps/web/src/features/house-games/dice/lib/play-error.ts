import { isDecimalAmount } from '@portal/shared/money';
import { ApiError } from '@/lib/api-client';

/**
 * What a failed play means to the player: `network` may have been played (retry the same body), the others were
 * refused and played nothing.
 */
export type PlayErrorKind = 'network' | 'funds' | 'expired' | 'stake' | 'maintenance' | 'other';

export interface PlayError {
  kind: PlayErrorKind;
  /** The server's message, already in the player's language; null when the page must say it itself. */
  message: string | null;
  /** With INSUFFICIENT_FUNDS, the balance the server knows, when it sent one. */
  balance: string | null;
}

const REFUSALS: Record<string, PlayErrorKind> = {
  INSUFFICIENT_FUNDS: 'funds',
  SESSION_EXPIRED: 'expired',
  AMOUNT_INVALID: 'stake',
  INVALID_INPUT: 'stake',
  GAME_MAINTENANCE: 'maintenance',
};

function balanceOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('balance' in value)) return null;
  const { balance } = value as { balance: unknown };
  return typeof balance === 'string' && isDecimalAmount(balance) ? balance : null;
}

/** Sorts a failed play: a lost answer (offline, 5xx) from a refusal the server explained. */
export function describePlayError(error: unknown): PlayError {
  if (!(error instanceof ApiError)) return { kind: 'other', message: null, balance: null };
  const refusal = REFUSALS[error.code];
  // A refusal the server named played nothing, whatever its status (maintenance may well come as a 503).
  if (refusal) {
    return {
      kind: refusal,
      message: error.message || null,
      balance: refusal === 'funds' ? balanceOf(error.value) : null,
    };
  }
  // Offline or a server fault: the round may or may not have been played, so only a retry of it can tell.
  if (error.code === 'NETWORK' || error.status >= 500) return { kind: 'network', message: null, balance: null };
  return { kind: 'other', message: error.message || null, balance: null };
}
