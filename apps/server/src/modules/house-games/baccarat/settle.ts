import type { Round } from './rules.ts';

export type BaccaratBetKind = 'player' | 'banker' | 'tie' | 'playerPair' | 'bankerPair';

export const BACCARAT_BET_KINDS: readonly BaccaratBetKind[] = ['player', 'banker', 'tie', 'playerPair', 'bankerPair'];

// The payouts and RTP figures are shared with the table's help screen (packages/shared).
export { BACCARAT_PAYOUTS, BACCARAT_RTP } from '@portal/shared/baccarat-rules';

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
