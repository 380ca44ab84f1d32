import { EngineError, requirePositiveMinor } from './errors.ts';
import type { Rng } from './rng.ts';

/**
 * Cockfight, SV388 style, pari-mutuel. Money is bigint minor units.
 *
 * - Meron and wala bets form two pools. When a side wins, 5 % plasada is taken from the meron + wala total and the
 *   rest is shared by the winning side's bets pro rata: payout = stake × total × 95 / (100 × winning pool),
 *   rounded down to the minor unit. The rounding remainder is kept by the house on top of the plasada.
 * - Draw bets pay 8:1 fixed (stake × 9 returned). On a draw, meron and wala bets are refunded, no plasada.
 * - A cancelled fight refunds every bet. A fight whose meron or wala pool is empty when betting closes is
 *   cancelled too (no contest): there would be nobody to pay the winners, so everyone is refunded, draw bets included.
 * - Result odds: draw with probability 1/10 exactly, so the draw bet returns 90 %; otherwise meron wins with the
 *   fight's meron chance. The house's margin on meron/wala is 5 % of the pool on every decided fight, 4.5 % overall.
 */

export type CockfightSide = 'meron' | 'wala' | 'draw';
export type FightResult = 'meron' | 'wala' | 'draw' | 'cancelled';

export const PLASADA_PERCENT = 5n;
export const DRAW_PAYS_TO_ONE = 8n;
/** Probability of a draw, exact: 1 in DRAW_ONE_IN. */
export const DRAW_ONE_IN = 10;
export const COCKFIGHT_MARGIN = {
  /** Share of the meron + wala pool the house keeps when a side wins. */
  plasadaPercent: 5,
  /** Expected share of the meron + wala pool the house keeps, draws (refunded) included: 5 % × 9/10. */
  poolMarginPercent: 4.5,
  /** Return of a draw bet: 9 × 1/10. */
  drawRtpPercent: 90,
} as const;

export interface CockfightBet {
  readonly id: string;
  readonly side: CockfightSide;
  readonly stakeMinor: bigint;
}

export interface Pools {
  meronMinor: bigint;
  walaMinor: bigint;
  drawMinor: bigint;
}

export interface LiveOdds {
  /** Decimal odds (stake included) a meron bet would get if betting closed now; null while either side is empty. */
  meron: number | null;
  wala: number | null;
  draw: number;
}

export interface BetSettlement {
  betId: string;
  side: CockfightSide;
  stakeMinor: bigint;
  outcome: 'win' | 'lose' | 'refund';
  /** Everything returned to the player, stake included. */
  payoutMinor: bigint;
}

export interface FightSettlement {
  /** The result applied: `cancelled` when requested or when one side had no bets. */
  result: FightResult;
  noContest: boolean;
  pools: Pools;
  bets: BetSettlement[];
  plasadaMinor: bigint;
  /** What the house keeps beyond the plasada because payouts are rounded down. */
  roundingMinor: bigint;
}

export function validateCockfightBet(bet: CockfightBet): void {
  if (bet.side !== 'meron' && bet.side !== 'wala' && bet.side !== 'draw') {
    throw new EngineError('invalid_side', 'side must be meron, wala or draw');
  }
  requirePositiveMinor(bet.stakeMinor);
}

export function pools(bets: readonly CockfightBet[]): Pools {
  const out: Pools = { meronMinor: 0n, walaMinor: 0n, drawMinor: 0n };
  for (const bet of bets) {
    validateCockfightBet(bet);
    if (bet.side === 'meron') out.meronMinor += bet.stakeMinor;
    else if (bet.side === 'wala') out.walaMinor += bet.stakeMinor;
    else out.drawMinor += bet.stakeMinor;
  }
  return out;
}

/** Odds shown live as bets arrive: (meron + wala) × 0.95 / side pool, to two decimals (rounded down). */
export function liveOdds(current: Pools): LiveOdds {
  const total = current.meronMinor + current.walaMinor;
  const odds = (side: bigint): number | null =>
    current.meronMinor === 0n || current.walaMinor === 0n
      ? null
      : Number((total * (100n - PLASADA_PERCENT)) / side) / 100;
  return { meron: odds(current.meronMinor), wala: odds(current.walaMinor), draw: Number(DRAW_PAYS_TO_ONE + 1n) };
}

export function settleFight(bets: readonly CockfightBet[], requested: FightResult): FightSettlement {
  const p = pools(bets);
  const ids = new Set<string>();
  for (const bet of bets) {
    if (ids.has(bet.id)) throw new EngineError('duplicate_bet', `bet ${bet.id} appears twice`);
    ids.add(bet.id);
  }
  const noContest = requested !== 'cancelled' && (p.meronMinor === 0n || p.walaMinor === 0n);
  const result: FightResult = noContest ? 'cancelled' : requested;
  const total = p.meronMinor + p.walaMinor;
  const winningPool = result === 'meron' ? p.meronMinor : result === 'wala' ? p.walaMinor : 0n;

  const settled = bets.map((bet): BetSettlement => {
    const base = { betId: bet.id, side: bet.side, stakeMinor: bet.stakeMinor };
    if (result === 'cancelled') return { ...base, outcome: 'refund', payoutMinor: bet.stakeMinor };
    if (result === 'draw') {
      return bet.side === 'draw'
        ? { ...base, outcome: 'win', payoutMinor: bet.stakeMinor * (DRAW_PAYS_TO_ONE + 1n) }
        : { ...base, outcome: 'refund', payoutMinor: bet.stakeMinor };
    }
    if (bet.side !== result) return { ...base, outcome: 'lose', payoutMinor: 0n };
    const payoutMinor = (bet.stakeMinor * total * (100n - PLASADA_PERCENT)) / (100n * winningPool);
    return { ...base, outcome: 'win', payoutMinor };
  });

  let plasadaMinor = 0n;
  let roundingMinor = 0n;
  if (result === 'meron' || result === 'wala') {
    const paid = settled.filter((b) => b.side === result).reduce((sum, b) => sum + b.payoutMinor, 0n);
    plasadaMinor = (total * PLASADA_PERCENT) / 100n;
    roundingMinor = total - paid - plasadaMinor;
  }
  return { result, noContest, pools: p, bets: settled, plasadaMinor, roundingMinor };
}

export interface Rooster {
  name: string;
  weightGrams: number;
}

export interface FightCard {
  meron: Rooster;
  wala: Rooster;
  /** Chance, in percent, that meron wins a fight that is not drawn; shown as the form guide. */
  meronChancePercent: number;
}

const ROOSTER_NAMES = [
  'Bagyo',
  'Kidlat',
  'Agila',
  'Bulkan',
  'Tigre',
  'Lintik',
  'Haribon',
  'Sultan',
  'Bravo',
  'Apoy',
  'Dagul',
  'Bantay',
  'Maharlika',
  'Sigwa',
  'Tala',
  'Lakan',
];

/** The two roosters of a fight, drawn from the card's random stream (separate from the result's). */
export function fightCard(rng: Rng): FightCard {
  const meronIndex = rng.int(ROOSTER_NAMES.length);
  const walaIndex = (meronIndex + 1 + rng.int(ROOSTER_NAMES.length - 1)) % ROOSTER_NAMES.length;
  return {
    meron: { name: ROOSTER_NAMES[meronIndex]!, weightGrams: 1900 + rng.int(401) },
    wala: { name: ROOSTER_NAMES[walaIndex]!, weightGrams: 1900 + rng.int(401) },
    meronChancePercent: 35 + rng.int(31),
  };
}

/** The fight's result: a draw 1 time in 10, otherwise meron with the card's chance. */
export function fightResult(card: FightCard, rng: Rng): 'meron' | 'wala' | 'draw' {
  if (rng.int(DRAW_ONE_IN) === 0) return 'draw';
  return rng.int(100) < card.meronChancePercent ? 'meron' : 'wala';
}
