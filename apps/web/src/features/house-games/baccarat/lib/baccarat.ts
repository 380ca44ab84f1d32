import { BACCARAT_PAYOUTS, BACCARAT_RTP } from '@portal/shared/baccarat-rules';
import {
  BACCARAT_SPOTS,
  type BaccaratCardValue,
  type BaccaratRoundValue,
  type BaccaratSpot,
} from '@portal/shared/house-games';
import { formatMoney, fromMinor, toMinor } from '@portal/shared/money';

/** The stake on each spot, in minor units; a spot without a bet is absent. */
export type BaccaratBets = Partial<Record<BaccaratSpot, bigint>>;

/** The chips of the rack, in whole currency units. */
export const CHIP_VALUES = [10, 50, 100, 500, 1000] as const;
export type ChipValue = (typeof CHIP_VALUES)[number];

const SPOTS = BACCARAT_SPOTS as readonly BaccaratSpot[];

/** What each spot pays to one, as printed on the felt: the banker's commission taken off (0.95:1). */
export const SPOT_PAYS: Readonly<Record<BaccaratSpot, string>> = Object.fromEntries(
  SPOTS.map((spot) => {
    const { win, commissionPercent } = BACCARAT_PAYOUTS[spot];
    return [spot, `${(win * (100 - commissionPercent)) / 100}:1`];
  }),
) as Record<BaccaratSpot, string>;

/** What each spot pays to one before commission, as the rules state it (the banker's 1:1 is less 5%). */
export const SPOT_PAYS_TO_ONE: Readonly<Record<BaccaratSpot, string>> = Object.fromEntries(
  SPOTS.map((spot) => [spot, `${BACCARAT_PAYOUTS[spot].win}:1`]),
) as Record<BaccaratSpot, string>;

/** Return to player of each spot with an 8-deck shoe, in per cent as the help shows it (98.76). */
export const SPOT_RTP: Readonly<Record<BaccaratSpot, string>> = Object.fromEntries(
  SPOTS.map((spot) => [spot, (BACCARAT_RTP[spot] * 100).toFixed(2)]),
) as Record<BaccaratSpot, string>;

/** How many outcomes the bead plate keeps: ten columns of six. */
export const ROAD_LENGTH = 60;
export const ROAD_ROWS = 6;

export function chipMinor(chip: ChipValue): bigint {
  return BigInt(chip) * 100n;
}

export function totalStake(bets: BaccaratBets): bigint {
  let total = 0n;
  for (const spot of BACCARAT_SPOTS) total += bets[spot] ?? 0n;
  return total;
}

export function addChip(bets: BaccaratBets, spot: BaccaratSpot, chip: ChipValue): BaccaratBets {
  return { ...bets, [spot]: (bets[spot] ?? 0n) + chipMinor(chip) };
}

export function hasBets(bets: BaccaratBets): boolean {
  return totalStake(bets) > 0n;
}

/** The request's `bets`: decimal strings with two places, spots without a stake left out. */
export function betsToRequest(bets: BaccaratBets): Partial<Record<BaccaratSpot, string>> {
  const body: Partial<Record<BaccaratSpot, string>> = {};
  for (const spot of BACCARAT_SPOTS) {
    const stake = bets[spot];
    if (stake !== undefined && stake > 0n) body[spot] = fromMinor(stake);
  }
  return body;
}

/** Baccarat value of a card: ace 1, two to nine at face value, ten and the court cards 0. */
export function cardValue(card: BaccaratCardValue): number {
  return card.rank >= 10 ? 0 : card.rank;
}

export function handTotal(cards: readonly BaccaratCardValue[]): number {
  return cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;
}

/** A pair: the hand's first two cards of the same rank (K-K yes, K-Q no). */
export function isPair(cards: readonly BaccaratCardValue[]): boolean {
  return cards.length >= 2 && cards[0]!.rank === cards[1]!.rank;
}

export function rankLabel(rank: number): string {
  return rank === 1 ? 'A' : rank === 11 ? 'J' : rank === 12 ? 'Q' : rank === 13 ? 'K' : String(rank);
}

export type Hand = 'player' | 'banker';

export interface RevealStep {
  hand: Hand;
  /** The card's place in its hand. */
  index: number;
}

/** The order the cards are turned, as dealt: player, banker, player, banker, then the third cards. */
export function revealOrder(round: Pick<BaccaratRoundValue, 'player' | 'banker'>): RevealStep[] {
  const steps: RevealStep[] = [];
  for (let index = 0; index < 2; index++) {
    steps.push({ hand: 'player', index }, { hand: 'banker', index });
  }
  if (round.player.length > 2) steps.push({ hand: 'player', index: 2 });
  if (round.banker.length > 2) steps.push({ hand: 'banker', index: 2 });
  return steps;
}

/** How many of a hand's cards are face up after `revealed` steps. */
export function shownCount(steps: readonly RevealStep[], revealed: number, hand: Hand): number {
  return steps.slice(0, revealed).filter((step) => step.hand === hand).length;
}

export type SpotResult = 'win' | 'push' | 'lose';

/**
 * A settlement's result. `win` is what came back (stake and winnings), so nothing back is a loss; player and
 * banker get their stake back on a tie (a push) — decided on the outcome, because a tiny banker win paid less 5%
 * commission can round down to the stake itself.
 */
export function settlementResult(
  spot: BaccaratSpot,
  settlement: { stake: string; win: string },
  outcome: BaccaratRoundValue['outcome'],
): SpotResult {
  if (toMinor(settlement.win) <= 0n) return 'lose';
  if ((spot === 'player' || spot === 'banker') && outcome === 'tie') return 'push';
  return 'win';
}

/** Money as the felt shows it: thousands separators, the decimals only when there are some. */
export function formatStake(minor: bigint): string {
  return formatMoney(fromMinor(minor), '').trim().replace(/\.00$/, '');
}

export interface RoadBead {
  id: string;
  outcome: BaccaratRoundValue['outcome'];
  playerPair: boolean;
  bankerPair: boolean;
}

export function toBead(round: BaccaratRoundValue): RoadBead {
  return {
    id: round.roundId,
    outcome: round.outcome,
    playerPair: isPair(round.player),
    bankerPair: isPair(round.banker),
  };
}

/**
 * The plate after one more outcome. Beads fill columns of six top to bottom; when the plate is full the oldest
 * column makes room, as on a table's own plate, so a bead never jumps to another row.
 */
export function pushBead(road: readonly RoadBead[], bead: RoadBead): RoadBead[] {
  const next = [...road, bead];
  return next.length > ROAD_LENGTH ? next.slice(ROAD_ROWS) : next;
}
