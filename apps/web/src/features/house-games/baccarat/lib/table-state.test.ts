import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { BANKER_SEVEN, round, session } from '../test/baccarat-fixtures';
import { canBet, classifyDealError, initialTableState, type TableState, tableReducer } from './table-state';

const body = { roundKey: 'k-1', bets: { player: '10.00' } };

describe('classifyDealError', () => {
  it('treats no answer and server failures as a round to resend', () => {
    expect(classifyDealError(new ApiError('NETWORK', 'offline', 0))).toEqual({ kind: 'network' });
    expect(classifyDealError(new ApiError('INTERNAL', 'boom', 500))).toEqual({ kind: 'network' });
    expect(classifyDealError(new TypeError('x'))).toEqual({ kind: 'network' });
  });

  it('reads refusals, with the balance an insufficient-funds answer carries', () => {
    expect(classifyDealError(new ApiError('SESSION_EXPIRED', 'over', 401))).toEqual({
      kind: 'expired',
      message: 'over',
    });
    expect(classifyDealError(new ApiError('INSUFFICIENT_FUNDS', 'low', 409, { balance: '5.00' }))).toEqual({
      kind: 'refused',
      code: 'INSUFFICIENT_FUNDS',
      message: 'low',
      balance: 500n,
    });
    // The house server answers maintenance with a 503: still a refusal, not a round to resend.
    expect(classifyDealError(new ApiError('GAME_MAINTENANCE', 'later', 503))).toMatchObject({
      kind: 'refused',
      message: 'later',
      balance: null,
    });
    expect(classifyDealError(new ApiError('GAME_UNAVAILABLE', 'wallet down', 503))).toEqual({ kind: 'network' });
    expect(classifyDealError(new ApiError('ROUND_CANCELLED', 'cancelled', 409))).toMatchObject({ kind: 'refused' });
  });
});

describe('tableReducer', () => {
  function betOnPlayer(state: TableState = initialTableState(session({ balance: '100.00' }))) {
    return tableReducer(state, { type: 'bet', spot: 'player' });
  }

  it('locks the bets after a lost answer until the same body is resent and answered', () => {
    let state = tableReducer(betOnPlayer(), { type: 'send' });
    expect(canBet(state)).toBe(false);
    state = tableReducer(state, { type: 'failed', problem: { kind: 'network' }, body });
    expect(state.retryBody).toBe(body);
    expect(canBet(state)).toBe(false);
    expect(tableReducer(state, { type: 'clear' })).toBe(state);
    state = tableReducer(tableReducer(state, { type: 'send' }), {
      type: 'dealt',
      round: round(BANKER_SEVEN, [{ spot: 'player', stake: '10.00', win: '0.00' }]),
    });
    expect(state.retryBody).toBeNull();
  });

  it('turns one card per tick, then settles: free play keeps its own balance', () => {
    let state = tableReducer(tableReducer(betOnPlayer(), { type: 'send' }), {
      type: 'dealt',
      round: round(BANKER_SEVEN, [{ spot: 'player', stake: '10.00', win: '0.00' }]),
    });
    const revealed: number[] = [];
    while (state.phase === 'revealing') {
      revealed.push(state.revealed);
      state = tableReducer(state, { type: 'tick' });
    }
    expect(revealed).toEqual([0, 1, 2, 3, 4, 5]);
    expect(state.balance).toBe(9_000n);
    expect(state.bets).toEqual({});
    expect(state.lastBets).toEqual({ player: 1_000n });
    expect(state.road.map((bead) => bead.outcome)).toEqual(['banker']);
    expect(canBet(state)).toBe(true);
  });

  it('ends play for good on an expired session', () => {
    const state = tableReducer(tableReducer(betOnPlayer(), { type: 'send' }), {
      type: 'failed',
      problem: { kind: 'expired', message: 'over' },
      body,
    });
    expect(state.sessionEnded).toBe(true);
    expect(canBet(state)).toBe(false);
  });
});
