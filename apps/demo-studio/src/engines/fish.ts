import { EngineError } from './errors.ts';
import type { Rng } from './rng.ts';

/**
 * Fish shooting. Every shot hits the target the player aimed at and captures it with probability
 * RTP / multiplier, paying bet × multiplier; so every target, the boss included, returns exactly 96 %.
 * Money is bigint minor units.
 */

/** Return to player of every target, as an exact fraction. */
export const FISH_RTP = { numerator: 96, denominator: 100 } as const;
export const FISH_RTP_PERCENT = 96;

export interface FishTarget {
  readonly kind: string;
  readonly multiplier: number;
  readonly boss: boolean;
}

export const FISH_TARGETS: readonly FishTarget[] = [
  { kind: 'clownfish', multiplier: 2, boss: false },
  { kind: 'pufferfish', multiplier: 3, boss: false },
  { kind: 'turtle', multiplier: 5, boss: false },
  { kind: 'lanternfish', multiplier: 8, boss: false },
  { kind: 'octopus', multiplier: 10, boss: false },
  { kind: 'stingray', multiplier: 15, boss: false },
  { kind: 'swordfish', multiplier: 20, boss: false },
  { kind: 'shark', multiplier: 30, boss: false },
  { kind: 'whale', multiplier: 50, boss: false },
  { kind: 'mermaid', multiplier: 100, boss: false },
  { kind: 'golden-dragon', multiplier: 300, boss: true },
];

/** Bets per shot, minor units. */
export const FISH_BETS_MINOR: readonly bigint[] = [10n, 20n, 50n, 100n, 200n, 500n, 1000n];

export interface ShotResult {
  kind: string;
  multiplier: number;
  captured: boolean;
  betMinor: bigint;
  winMinor: bigint;
}

export function fishTarget(kind: string): FishTarget {
  const target = FISH_TARGETS.find((t) => t.kind === kind);
  if (!target) throw new EngineError('unknown_target', `no fish target "${kind}"`);
  return target;
}

/** The capture probability as an exact fraction: RTP / multiplier = 96 / (100 × multiplier). */
export function captureProbability(kind: string): { numerator: number; denominator: number } {
  const { multiplier } = fishTarget(kind);
  return { numerator: FISH_RTP.numerator, denominator: FISH_RTP.denominator * multiplier };
}

export function validateFishBet(betMinor: bigint): void {
  if (!FISH_BETS_MINOR.includes(betMinor)) {
    throw new EngineError('invalid_bet', `bet per shot must be one of ${FISH_BETS_MINOR.join(', ')} minor units`);
  }
}

/** One shot at a target: one draw of a uniform integer below the probability's denominator. */
export function shoot(kind: string, betMinor: bigint, rng: Rng): ShotResult {
  const target = fishTarget(kind);
  validateFishBet(betMinor);
  const { numerator, denominator } = captureProbability(kind);
  const captured = rng.int(denominator) < numerator;
  return {
    kind,
    multiplier: target.multiplier,
    captured,
    betMinor,
    winMinor: captured ? betMinor * BigInt(target.multiplier) : 0n,
  };
}
