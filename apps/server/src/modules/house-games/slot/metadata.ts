import {
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS_AWARD,
  FREE_SPINS_CAP,
  LINE_COUNT,
  PAYLINES,
  REEL_COUNT,
  ROW_COUNT,
  SCATTERS_TO_TRIGGER,
  SYMBOLS,
} from './paytable.ts';

/** The design return to player. `exact-rtp.ts` computes 96.008% for the strips in `paytable.ts`. */
export const SLOT_RTP = 0.96;

/** Exact figures from `exactRoundStatistics()`, rounded; `exact-rtp.test.ts` keeps them honest. */
export const SLOT_EXACT_RTP = 0.960082;
/** Probability that a paid round (spin plus its free spins) wins anything. */
export const SLOT_HIT_FREQUENCY = 0.4968;
/** Standard deviation of a round's win divided by its total bet. */
export const SLOT_STANDARD_DEVIATION = 3.49;

export type SlotVolatility = 'low' | 'medium' | 'high';

/**
 * Volatility bands by the standard deviation of the round win per unit of total bet: below 5 is
 * low, below 10 medium, anything higher high.
 */
export const VOLATILITY_THRESHOLDS = { lowBelow: 5, mediumBelow: 10 } as const;

export function volatilityFor(standardDeviation: number): SlotVolatility {
  if (standardDeviation < VOLATILITY_THRESHOLDS.lowBelow) return 'low';
  if (standardDeviation < VOLATILITY_THRESHOLDS.mediumBelow) return 'medium';
  return 'high';
}

export const SLOT_VOLATILITY: SlotVolatility = volatilityFor(SLOT_STANDARD_DEVIATION);

export interface PaytableEntry {
  readonly code: string;
  readonly name: string;
  readonly kind: 'low' | 'high' | 'wild' | 'scatter';
  /** Pays for 3, 4 and 5; per line in bets per line, or for the scatter in total bets. */
  readonly pays: { readonly 3: number; readonly 4: number; readonly 5: number };
  readonly paysPer: 'line-bet' | 'total-bet';
}

/** What a help screen shows. */
export const SLOT_PAYTABLE: readonly PaytableEntry[] = SYMBOLS.map((symbol) => ({
  code: symbol.code,
  name: symbol.name,
  kind: symbol.kind,
  pays: { 3: symbol.pays[0], 4: symbol.pays[1], 5: symbol.pays[2] },
  paysPer: symbol.kind === 'scatter' ? 'total-bet' : 'line-bet',
}));

export const SLOT_RULES = {
  reels: REEL_COUNT,
  rows: ROW_COUNT,
  lines: LINE_COUNT,
  paylines: PAYLINES,
  scattersToTrigger: SCATTERS_TO_TRIGGER,
  freeSpinsAwarded: FREE_SPINS_AWARD,
  freeSpinMultiplier: FREE_SPIN_MULTIPLIER,
  freeSpinsCap: FREE_SPINS_CAP,
} as const;
