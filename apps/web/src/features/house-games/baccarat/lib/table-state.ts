import type { BaccaratDealRequest, BaccaratRoundValue, HouseSessionValue } from '@portal/shared/house-games';
import { isDecimalAmount, toMinor } from '@portal/shared/money';
import { ApiError } from '@/lib/api-client';
import {
  addChip,
  type BaccaratBets,
  CHIP_VALUES,
  type ChipValue,
  pushBead,
  type RoadBead,
  revealOrder,
  toBead,
} from './baccarat';

/** Why the last deal did not give a round. */
export type DealProblem =
  /** No answer, or the server broke: the round may have been played, so only a resend of the same body is offered. */
  | { kind: 'network' }
  /** The launch session is over: nothing more can be played from this page. */
  | { kind: 'expired'; message: string }
  /** Refused (funds, stake, maintenance…): nothing was played; `balance` when the server told it. */
  | { kind: 'refused'; code: string; message: string; balance: bigint | null };

/** Refusals whatever their status: maintenance comes as a 503, yet nothing was played and a resend will not help. */
const REFUSED_ANY_STATUS = new Set(['GAME_MAINTENANCE', 'VENDOR_DISABLED', 'SESSION_EXPIRED']);

export function classifyDealError(error: unknown): DealProblem {
  if (!(error instanceof ApiError)) return { kind: 'network' };
  if (!REFUSED_ANY_STATUS.has(error.code) && (error.code === 'NETWORK' || error.status >= 500)) {
    return { kind: 'network' };
  }
  if (error.code === 'SESSION_EXPIRED') return { kind: 'expired', message: error.message };
  const value = error.value as { balance?: unknown } | null | undefined;
  const balance =
    error.code === 'INSUFFICIENT_FUNDS' && typeof value?.balance === 'string' && isDecimalAmount(value.balance)
      ? toMinor(value.balance)
      : null;
  return { kind: 'refused', code: error.code, message: error.message, balance };
}

export interface TableState {
  /** The balance as known after the last settled round; free play keeps its own. */
  balance: bigint;
  /** The chips on the felt for the next deal. */
  bets: BaccaratBets;
  /** The stakes of the last round played, for "repeat bet". */
  lastBets: BaccaratBets | null;
  chip: ChipValue;
  /**
   * betting: chips go down (the last round, if any, still shows); sending: a deal is on its way; revealing: the
   * round came back and its cards are being turned.
   */
  phase: 'betting' | 'sending' | 'revealing';
  round: BaccaratRoundValue | null;
  /** Cards of `round` face up, in dealing order. */
  revealed: number;
  /** The last round's results stay on the spots until the player touches the bets. */
  showResults: boolean;
  /** The body of a deal that got no answer: the only way on is to send it again, same roundKey. */
  retryBody: BaccaratDealRequest | null;
  problem: DealProblem | null;
  sessionEnded: boolean;
  road: RoadBead[];
  roundsPlayed: number;
}

export type TableAction =
  | { type: 'chip'; chip: ChipValue }
  | { type: 'bet'; spot: keyof BaccaratBets }
  | { type: 'clear' }
  | { type: 'repeat' }
  | { type: 'send' }
  | { type: 'dealt'; round: BaccaratRoundValue }
  | { type: 'failed'; problem: DealProblem; body: BaccaratDealRequest }
  | { type: 'tick' };

export function initialTableState(session: HouseSessionValue): TableState {
  return {
    balance: toMinor(session.balance),
    bets: {},
    lastBets: null,
    chip: CHIP_VALUES[0],
    phase: 'betting',
    round: null,
    revealed: 0,
    showResults: false,
    retryBody: null,
    problem: null,
    sessionEnded: false,
    road: [],
    roundsPlayed: 0,
  };
}

/** Bets can change only between rounds, with no unanswered deal and a live session. */
export function canBet(state: TableState): boolean {
  return state.phase === 'betting' && state.retryBody === null && !state.sessionEnded;
}

function stakesOf(round: BaccaratRoundValue): BaccaratBets {
  const bets: BaccaratBets = {};
  for (const { spot, stake } of round.settlements) bets[spot] = toMinor(stake);
  return bets;
}

/** A refusal about the stake is stale once the bets change. */
function touched(state: TableState, bets: BaccaratBets): TableState {
  return { ...state, bets, showResults: false, problem: state.problem?.kind === 'refused' ? null : state.problem };
}

export function tableReducer(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'chip':
      return { ...state, chip: action.chip };
    case 'bet':
      return canBet(state) ? touched(state, addChip(state.bets, action.spot, state.chip)) : state;
    case 'clear':
      return canBet(state) ? touched(state, {}) : state;
    case 'repeat':
      return canBet(state) && state.lastBets ? touched(state, { ...state.lastBets }) : state;
    case 'send':
      return { ...state, phase: 'sending', round: null, revealed: 0, showResults: false, problem: null };
    case 'dealt':
      return { ...state, phase: 'revealing', round: action.round, revealed: 0, retryBody: null };
    case 'failed': {
      const { problem } = action;
      return {
        ...state,
        phase: 'betting',
        problem,
        retryBody: problem.kind === 'network' ? action.body : null,
        sessionEnded: state.sessionEnded || problem.kind === 'expired',
        balance: problem.kind === 'refused' && problem.balance !== null ? problem.balance : state.balance,
      };
    }
    case 'tick': {
      const { round } = state;
      if (state.phase !== 'revealing' || !round) return state;
      if (state.revealed < revealOrder(round).length) return { ...state, revealed: state.revealed + 1 };
      // The last card is up: settle. Real and demo play show the server's balance, free play keeps its own.
      const balance =
        round.balance !== null ? toMinor(round.balance) : state.balance - toMinor(round.stake) + toMinor(round.win);
      return {
        ...state,
        phase: 'betting',
        balance,
        bets: {},
        lastBets: stakesOf(round),
        showResults: true,
        road: pushBead(state.road, toBead(round)),
        roundsPlayed: state.roundsPlayed + 1,
      };
    }
  }
}
