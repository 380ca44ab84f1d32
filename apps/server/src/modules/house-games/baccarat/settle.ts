import type { Round } from './rules.ts';

export type BaccaratBetKind = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';

export const BACCARAT_BET_KINDS: readonly BaccaratBetKind[] = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'];

/** Winnings per unit staked ("to one"), for the help screen. The banker's 1:1 is paid less 5% commission. */
export const BACCARAT_PAYOUTS: Readonly<Record<BaccaratBetKind, { win: number; commissionPercent: number }>> = {
  player: { win: 1, commissionPercent: 0 },
  banker: { win: 1, commissionPercent: 5 },
  tie: { win: 8, commissionPercent: 0 },
  playerPair: { win: 11, commissionPercent: 0 },
  bankerPair: { win: 11, commissionPercent: 0 },
};

/**
 * Return to player of each bet with a fresh 8-deck shoe, exact to the digits shown (rtp.test.ts derives them by
 * enumerating every card sequence and checks them by simulation). Player and banker count a tie as a push.
 * Pairs: 12 × 31/415, the chance that the second card matches the first card's rank.
 */
export const BACCARAT_RTP: Readonly<Record<BaccaratBetKind, number>> = {
  player: 0.987_649,
  banker: 0.989_421,
  tie: 0.856_404,
  playerPair: 0.896_386,
  bankerPair: 0.896_386,
};

export interface BaccaratBet {
  kind: BaccaratBetKind;
  stakeMinor: bigint;
}

export interface BaccaratSettlement extends BaccaratBet {
  /** What goes back to the player: stake plus winnings on a win, the stake on a push, 0n on a loss. */
  payoutMinor: bigint;
  result: 'win' | 'push' | 'lose';
}

export function settleBaccarat(bets: readonly BaccaratBet[], round: Round): BaccaratSettlement[] {
  return bets.map((bet) => settleBet(bet, round));
}

function settleBet({ kind, stakeMinor }: BaccaratBet, round: Round): BaccaratSettlement {
  if (!BACCARAT_BET_KINDS.includes(kind)) throw new RangeError(`Unknown baccarat bet: ${kind}`);
  if (stakeMinor <= 0n) throw new RangeError('Baccarat stake must be positive');
  const win = (winningsMinor: bigint): BaccaratSettlement => ({
    kind,
    stakeMinor,
    payoutMinor: stakeMinor + winningsMinor,
    result: 'win',
  });
  const push: BaccaratSettlement = { kind, stakeMinor, payoutMinor: stakeMinor, result: 'push' };
  const lose: BaccaratSettlement = { kind, stakeMinor, payoutMinor: 0n, result: 'lose' };

  switch (kind) {
    case 'player':
      if (round.outcome === 'tie') return push;
      return round.outcome === 'player' ? win(stakeMinor) : lose;
    case 'banker':
      if (round.outcome === 'tie') return push;
      // 95% of the stake, rounded down to whole minor units.
      return round.outcome === 'banker' ? win((stakeMinor * 95n) / 100n) : lose;
    case 'tie':
      return round.outcome === 'tie' ? win(stakeMinor * 8n) : lose;
    case 'playerPair':
      return round.playerPair ? win(stakeMinor * 11n) : lose;
    case 'bankerPair':
      return round.bankerPair ? win(stakeMinor * 11n) : lose;
  }
}
