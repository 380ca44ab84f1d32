import {
  BACCARAT_SPOTS,
  type BaccaratRoundValue,
  type BaccaratSpot,
  HOUSE_GAME_NODES,
  type HouseRoundValue,
} from '@portal/shared/house-games';
import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import { InvalidInput } from '../../../http/errors.ts';
import { dealRound } from '../baccarat/rules.ts';
import { settleBaccarat } from '../baccarat/settle.ts';
import { Shoe } from '../baccarat/shoe.ts';
import type { HouseGame } from './types.ts';

/** Each spot takes 10.00 to 50,000.00. */
const MIN_SPOT_MINOR = 1_000n;
const MAX_SPOT_MINOR = 5_000_000n;

export type BaccaratRequest = { spot: BaccaratSpot; stakeMinor: bigint }[];
export type BaccaratOutcome = Omit<BaccaratRoundValue, keyof HouseRoundValue>;

/**
 * Punto banco dealt from a fresh shuffled 8-deck shoe every round, as a continuous shuffler deals: no round tells
 * anything about the next, and the house edges are exactly those BACCARAT_RTP states.
 */
export const baccaratGame: HouseGame<BaccaratRequest, BaccaratOutcome, BaccaratOutcome> = {
  kind: 'baccarat',
  nodeId: HOUSE_GAME_NODES.baccarat,
  parse(body) {
    const bets = body.bets;
    if (typeof bets !== 'object' || bets === null || Array.isArray(bets)) throw new InvalidInput('bets');
    const entries = Object.entries(bets);
    if (entries.length === 0) throw new InvalidInput('bets');
    return entries.map(([spot, amount]) => {
      if (!(BACCARAT_SPOTS as readonly string[]).includes(spot)) throw new InvalidInput('bets');
      const stakeMinor = typeof amount === 'string' ? parsePositiveAmount(amount) : null;
      if (stakeMinor === null || stakeMinor < MIN_SPOT_MINOR || stakeMinor > MAX_SPOT_MINOR) {
        throw new InvalidInput(`bets.${spot}`);
      }
      return { spot: spot as BaccaratSpot, stakeMinor };
    });
  },
  draw(bets, { random }) {
    const shoe = new Shoe((n) => random.below(n));
    shoe.beginRound();
    const round = dealRound(shoe);
    const settled = settleBaccarat(
      bets.map((bet) => ({ kind: bet.spot, stakeMinor: bet.stakeMinor })),
      round,
    );
    return {
      stakeMinor: bets.reduce((sum, bet) => sum + bet.stakeMinor, 0n),
      winMinor: settled.reduce((sum, s) => sum + s.payoutMinor, 0n),
      jackpotHit: false,
      outcome: {
        player: round.player.map(({ suit, rank }) => ({ suit, rank })),
        banker: round.banker.map(({ suit, rank }) => ({ suit, rank })),
        playerTotal: round.playerTotal,
        bankerTotal: round.bankerTotal,
        outcome: round.outcome,
        settlements: settled.map((s) => ({
          spot: s.kind,
          stake: fromMinor(s.stakeMinor),
          win: fromMinor(s.payoutMinor),
        })),
      },
    };
  },
  present: (outcome) => outcome,
};
