import { describe, expect, it } from 'vitest';
import { BANKER_SEVEN, PLAYER_NATURAL, round, TIE_EIGHTS } from '../test/baccarat-fixtures';
import {
  addChip,
  betsToRequest,
  formatStake,
  handTotal,
  isPair,
  pushBead,
  ROAD_LENGTH,
  type RoadBead,
  rankLabel,
  revealOrder,
  settlementResult,
  shownCount,
  toBead,
  totalStake,
} from './baccarat';

describe('baccarat helpers', () => {
  it('stacks chips per spot and sends two-place decimals for the spots played only', () => {
    const bets = addChip(addChip(addChip({}, 'player', 10), 'player', 50), 'tie', 1000);
    expect(totalStake(bets)).toBe(106_000n);
    expect(betsToRequest(bets)).toEqual({ player: '60.00', tie: '1000.00' });
    expect(betsToRequest({ banker: 0n })).toEqual({});
    expect(formatStake(106_000n)).toBe('1,060');
    expect(formatStake(1_950n)).toBe('19.50');
  });

  it('counts hands as baccarat does', () => {
    expect(handTotal(PLAYER_NATURAL.player)).toBe(9);
    expect(handTotal(BANKER_SEVEN.player)).toBe(5);
    expect(
      handTotal([
        { rank: 7, suit: 'clubs' },
        { rank: 8, suit: 'hearts' },
      ]),
    ).toBe(5);
    expect(isPair(TIE_EIGHTS.banker)).toBe(true);
    expect(
      isPair([
        { rank: 13, suit: 'clubs' },
        { rank: 12, suit: 'clubs' },
      ]),
    ).toBe(false);
    expect([1, 10, 11, 12, 13].map(rankLabel)).toEqual(['A', '10', 'J', 'Q', 'K']);
  });

  it('turns the cards in dealing order, third cards last', () => {
    const steps = revealOrder({
      player: [...BANKER_SEVEN.player],
      banker: [...TIE_EIGHTS.banker, TIE_EIGHTS.banker[0]],
    });
    expect(steps.map((step) => `${step.hand[0]}${step.index}`)).toEqual(['p0', 'b0', 'p1', 'b1', 'p2', 'b2']);
    expect(revealOrder({ player: [...PLAYER_NATURAL.player], banker: [...BANKER_SEVEN.player] }).at(-1)).toEqual({
      hand: 'banker',
      index: 2,
    });
    expect(shownCount(steps, 3, 'player')).toBe(2);
    expect(shownCount(steps, 3, 'banker')).toBe(1);
  });

  it('reads each settlement as a win, a push or a loss', () => {
    expect(settlementResult('player', { stake: '10.00', win: '20.00' }, 'player')).toBe('win');
    expect(settlementResult('banker', { stake: '10.00', win: '0.00' }, 'player')).toBe('lose');
    expect(settlementResult('player', { stake: '10.00', win: '10.00' }, 'tie')).toBe('push');
    expect(settlementResult('tie', { stake: '10.00', win: '90.00' }, 'tie')).toBe('win');
    // A one-paisa banker win pays 0.95 paisa, rounded down: the stake alone comes back, and it is still a win.
    expect(settlementResult('banker', { stake: '0.01', win: '0.01' }, 'banker')).toBe('win');
  });

  it('keeps 60 beads and drops the oldest column when full', () => {
    const bead = (id: number): RoadBead => ({
      id: String(id),
      outcome: 'banker',
      playerPair: false,
      bankerPair: false,
    });
    let road: RoadBead[] = [];
    for (let id = 1; id <= ROAD_LENGTH; id++) road = pushBead(road, bead(id));
    expect(road).toHaveLength(60);
    road = pushBead(road, bead(61));
    expect(road).toHaveLength(55);
    expect(road[0]?.id).toBe('7');
    expect(road.at(-1)?.id).toBe('61');
    expect(toBead(round(TIE_EIGHTS, []))).toMatchObject({ outcome: 'tie', playerPair: false, bankerPair: true });
  });
});
