import type { HouseGameKind } from '@portal/shared/house-games';
import type { RandomSource } from '../rng.ts';

/** A round drawn before any money moves: what it stakes, what it pays, and what the page is shown. */
export interface DrawnRound<Outcome> {
  stakeMinor: bigint;
  winMinor: bigint;
  /** Whether the round also wins the progressive jackpot (real-money slot rounds only). */
  jackpotHit: boolean;
  /** The card room (table) the round was played at, for the card games. */
  roomId?: string;
  outcome: Outcome;
}

/** How a round was played: with a real-money wallet (which may win the jackpot), demo money, or nothing. */
export interface DrawContext {
  random: RandomSource;
  realMoney: boolean;
  /** Whose round it is: the player and currency, or a free-play page's own key (the dice's seeds belong to it). */
  owner: string;
}

/** A house game as the round service drives it: checks a request, draws its round, shows a settled round. */
export interface HouseGame<Request, Outcome, Value> {
  kind: HouseGameKind;
  nodeId: string;
  /** The request's own fields (beyond token and round key), checked; InvalidInput or AppError otherwise. */
  parse(body: Record<string, unknown>): Request | Promise<Request>;
  draw(request: Request, context: DrawContext): DrawnRound<Outcome> | Promise<DrawnRound<Outcome>>;
  /** The answer for a round: its outcome and money, with the jackpot it won (null: none). */
  present(outcome: Outcome, money: { stake: string; win: string; jackpot: string | null }): Value;
}
