import { EngineError, requirePositiveMinor } from './errors.ts';
import { MAX_ODDS_X100, type Market, MIN_ODDS_X100, type Selection, type SelectionResult } from './sports-model.ts';

/**
 * Singles and parlays of the studio's sports book. Money is bigint minor units, odds integer hundredths.
 *
 * - A single pays stake × odds on a win, refunds the stake when void, pays nothing on a loss.
 * - A parlay has 2–10 legs on distinct fixtures. Any lost leg loses the parlay (even while other legs are
 *   still to play); a void leg counts as odds 1.00; when every leg is void the stake is refunded.
 * - Payouts are rounded down to the minor unit and capped at the book's maximum payout.
 */

export const MIN_PARLAY_LEGS = 2;
export const MAX_PARLAY_LEGS = 10;
/** Default cap on what one bet can return, stake included: 1,000,000.00 in a two-decimal currency. */
export const DEFAULT_MAX_PAYOUT_MINOR = 100_000_000n;

export interface BetLeg {
  readonly fixtureId: string;
  readonly market: Market;
  readonly selection: Selection;
  /** The price taken when the bet was placed. */
  readonly oddsX100: number;
}

export type LegStatus = SelectionResult | 'pending';
export type BetStatus = 'won' | 'lost' | 'void' | 'pending';

export interface BetSettlement {
  status: BetStatus;
  /** Returned to the player, stake included; 0 while pending or lost. */
  payoutMinor: bigint;
  /** The decimal odds applied, void legs counted as 1.00 (display only; the payout is computed exactly). */
  effectiveOdds: number;
  capped: boolean;
}

function validateLeg(leg: BetLeg): void {
  if (!Number.isSafeInteger(leg.oddsX100) || leg.oddsX100 < MIN_ODDS_X100 || leg.oddsX100 > MAX_ODDS_X100) {
    throw new EngineError('invalid_odds', 'odds must be integer hundredths from 1.01 to 50.00');
  }
  if (typeof leg.fixtureId !== 'string' || leg.fixtureId.length === 0) {
    throw new EngineError('invalid_leg', 'a leg needs a fixture');
  }
}

/** A bet is a single (one leg) or a parlay (2–10 legs, no two on the same fixture). */
export function validateBet(stakeMinor: bigint, legs: readonly BetLeg[]): void {
  requirePositiveMinor(stakeMinor);
  if (legs.length === 0 || legs.length > MAX_PARLAY_LEGS) {
    throw new EngineError(
      'invalid_legs',
      `a bet has 1 leg (single) or ${MIN_PARLAY_LEGS}–${MAX_PARLAY_LEGS} legs (parlay)`,
    );
  }
  for (const leg of legs) validateLeg(leg);
  if (new Set(legs.map((l) => l.fixtureId)).size !== legs.length) {
    throw new EngineError('same_fixture', 'the legs of a parlay must be on different fixtures');
  }
}

/** Settles a single or a parlay from the status of each leg, in the same order as the legs. */
export function settleBet(
  stakeMinor: bigint,
  legs: readonly BetLeg[],
  statuses: readonly LegStatus[],
  maxPayoutMinor: bigint = DEFAULT_MAX_PAYOUT_MINOR,
): BetSettlement {
  validateBet(stakeMinor, legs);
  if (statuses.length !== legs.length) throw new EngineError('invalid_legs', 'one status per leg');
  if (statuses.includes('lose')) return { status: 'lost', payoutMinor: 0n, effectiveOdds: 0, capped: false };
  if (statuses.includes('pending')) return { status: 'pending', payoutMinor: 0n, effectiveOdds: 0, capped: false };
  if (statuses.every((s) => s === 'void'))
    return { status: 'void', payoutMinor: stakeMinor, effectiveOdds: 1, capped: false };

  let numerator = stakeMinor;
  let denominator = 1n;
  let effectiveOdds = 1;
  legs.forEach((leg, i) => {
    if (statuses[i] !== 'win') return;
    numerator *= BigInt(leg.oddsX100);
    denominator *= 100n;
    effectiveOdds *= leg.oddsX100 / 100;
  });
  const uncapped = numerator / denominator;
  const capped = uncapped > maxPayoutMinor;
  return { status: 'won', payoutMinor: capped ? maxPayoutMinor : uncapped, effectiveOdds, capped };
}

/** What a bet would return if every leg won, capped; shown on the bet slip. */
export function potentialPayout(
  stakeMinor: bigint,
  legs: readonly BetLeg[],
  maxPayoutMinor = DEFAULT_MAX_PAYOUT_MINOR,
): bigint {
  return settleBet(
    stakeMinor,
    legs,
    legs.map(() => 'win'),
    maxPayoutMinor,
  ).payoutMinor;
}
