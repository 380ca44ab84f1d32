// The house baccarat's payouts and return to player, shared by the server (which settles with them and proves the
// RTP figures in its tests) and the table's help screen, so the two can never say different things.
import type { BaccaratSpot } from './house-games.ts';

/** Winnings per unit staked ("to one"). The banker's 1:1 is paid less 5 % commission. */
export const BACCARAT_PAYOUTS: Readonly<Record<BaccaratSpot, { win: number; commissionPercent: number }>> = {
  player: { win: 1, commissionPercent: 0 },
  banker: { win: 1, commissionPercent: 5 },
  tie: { win: 8, commissionPercent: 0 },
  playerPair: { win: 11, commissionPercent: 0 },
  bankerPair: { win: 11, commissionPercent: 0 },
};

/**
 * Return to player of each bet with a fresh 8-deck shoe, exact to the digits shown (the server's rtp.test.ts
 * derives them by enumerating every card sequence and checks them by simulation). Player and banker count a tie as
 * a push. Pairs: 12 × 31/415, the chance that the second card matches the first card's rank.
 */
export const BACCARAT_RTP: Readonly<Record<BaccaratSpot, number>> = {
  player: 0.987_649,
  banker: 0.989_421,
  tie: 0.856_404,
  playerPair: 0.896_386,
  bankerPair: 0.896_386,
};
