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
import type { CardRooms } from '../rooms.ts';
import type { HouseGame } from './types.ts';

export interface BaccaratRequest {
  roomId: string;
  bets: { spot: BaccaratSpot; stakeMinor: bigint }[];
}
export type BaccaratOutcome = Omit<BaccaratRoundValue, keyof HouseRoundValue>;

/**
 * Punto banco dealt from a fresh shuffled 8-deck shoe every round, as a continuous shuffler deals: no round tells
 * anything about the next, and the house edges are exactly those BACCARAT_RTP states. Each round is played at one of
 * the operator's open card rooms, within its limits.
 */
export const baccaratGame = (rooms: CardRooms): HouseGame<BaccaratRequest, BaccaratOutcome, BaccaratOutcome> => ({
  kind: 'baccarat',
  nodeId: HOUSE_GAME_NODES.baccarat,
  async parse(body) {
    const room = await rooms.find(typeof body.room === 'string' ? body.room : undefined, HOUSE_GAME_NODES.baccarat);
    if (!room) throw new InvalidInput('room');
    const bets = body.bets;
    if (typeof bets !== 'object' || bets === null || Array.isArray(bets)) throw new InvalidInput('bets');
    const entries = Object.entries(bets);
    if (entries.length === 0) throw new InvalidInput('bets');
    return {
      roomId: room.roomId,
      bets: entries.map(([spot, amount]) => {
        if (!(BACCARAT_SPOTS as readonly string[]).includes(spot)) throw new InvalidInput('bets');
        const stakeMinor = typeof amount === 'string' ? parsePositiveAmount(amount) : null;
        // Each spot within the room's limits.
        if (stakeMinor === null || stakeMinor < room.minMinor || stakeMinor > room.maxMinor) {
          throw new InvalidInput(`bets.${spot}`);
        }
        return { spot: spot as BaccaratSpot, stakeMinor };
      }),
    };
  },
  draw({ roomId, bets }, { random }) {
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
      roomId,
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
});
