import { type Card, freshShoe, isRed } from './cards.ts';
import { EngineError, requirePositiveMinor } from './errors.ts';
import type { Rng } from './rng.ts';

/**
 * Andar Bahar, one 52-card deck shuffled for every round. Bets on Andar or Bahar are placed before anything is dealt.
 * The joker (the first card) is shown; the deal starts on Andar when the joker is black (clubs, spades) and on
 * Bahar when it is red, then alternates, until a card of the joker's rank appears; its side wins.
 *
 * Pays: the side that received the first card pays 0.9:1 when it wins (it wins about 51.5 % of rounds); the other
 * side pays 1:1. So Andar pays 0.9:1 when the first card went to Andar and 1:1 otherwise, and Bahar the same way
 * round; a fixed 1:1 Bahar would give players the edge whenever the deal starts on Bahar. Winnings are rounded
 * down to the minor unit. House edge 2.575 % on either side (exact, below).
 */

export type AndarBaharSide = 'andar' | 'bahar';

export interface AndarBaharRound {
  joker: Card;
  firstSide: AndarBaharSide;
  andar: Card[];
  bahar: Card[];
  winner: AndarBaharSide;
  /** Cards dealt after the joker, the matching card included. */
  cardsDealt: number;
}

export function playAndarBahar(draw: () => Card): AndarBaharRound {
  const joker = draw();
  const firstSide: AndarBaharSide = isRed(joker) ? 'bahar' : 'andar';
  const piles: Record<AndarBaharSide, Card[]> = { andar: [], bahar: [] };
  let side = firstSide;
  for (let dealt = 1; dealt <= 51; dealt++) {
    const card = draw();
    piles[side].push(card);
    if (card.rank === joker.rank) {
      return { joker, firstSide, andar: piles.andar, bahar: piles.bahar, winner: side, cardsDealt: dealt };
    }
    side = side === 'andar' ? 'bahar' : 'andar';
  }
  throw new Error('unreachable: three cards of the joker rank are left in the deck');
}

export function dealAndarBahar(rng: Rng): AndarBaharRound {
  return playAndarBahar(freshShoe(1, rng));
}

export function settleAndarBaharBet(
  side: AndarBaharSide,
  stakeMinor: bigint,
  round: AndarBaharRound,
): { result: 'win' | 'lose'; payoutMinor: bigint } {
  if (side !== 'andar' && side !== 'bahar') throw new EngineError('invalid_bet', 'bet on andar or bahar');
  requirePositiveMinor(stakeMinor);
  if (round.winner !== side) return { result: 'lose', payoutMinor: 0n };
  const winnings = side === round.firstSide ? (stakeMinor * 9n) / 10n : stakeMinor;
  return { result: 'win', payoutMinor: stakeMinor + winnings };
}

/**
 * Exact chance that the side dealt first wins: the first of the 3 matching cards among the 51 lies at an odd
 * position. P(first match at k) = C(51 − k, 2) / C(51, 3). Returned as a fraction of bigints.
 */
export function firstSideWinChance(): { numerator: bigint; denominator: bigint } {
  const choose2 = (n: bigint): bigint => (n * (n - 1n)) / 2n;
  let numerator = 0n;
  for (let k = 1n; k <= 49n; k += 2n) numerator += choose2(51n - k);
  return { numerator, denominator: (51n * 50n * 49n) / 6n };
}

/** House edge of either bet in percent: half the rounds it is the first side at 0.9:1, half the other at 1:1. */
export function andarBaharHouseEdgePercent(): number {
  const { numerator, denominator } = firstSideWinChance();
  const first = Number(numerator) / Number(denominator);
  const rtp = 0.5 * (first * 1.9) + 0.5 * ((1 - first) * 2);
  return (1 - rtp) * 100;
}

export const ANDAR_BAHAR_HOUSE_EDGE_PERCENT = 2.575;
