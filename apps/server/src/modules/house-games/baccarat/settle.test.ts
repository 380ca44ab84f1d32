import { describe, expect, it } from 'vitest';
import type { Outcome, Round } from './rules.ts';
import { BACCARAT_BET_KINDS, BACCARAT_PAYOUTS, BACCARAT_RTP, type BaccaratBetKind, settleBaccarat } from './settle.ts';

function round(outcome: Outcome, pairs: { playerPair?: boolean; bankerPair?: boolean } = {}): Round {
  const totals = { player: [7, 6], banker: [6, 7], tie: [5, 5] }[outcome];
  return {
    player: [],
    banker: [],
    playerTotal: totals[0]!,
    bankerTotal: totals[1]!,
    outcome,
    playerPair: pairs.playerPair ?? false,
    bankerPair: pairs.bankerPair ?? false,
  };
}

function payout(kind: BaccaratBetKind, stakeMinor: bigint, settled: Round): bigint {
  const [result] = settleBaccarat([{ kind, stakeMinor }], settled);
  return result!.payoutMinor;
}

describe('baccarat settlement', () => {
  it('pays player 1:1, loses on banker, pushes on a tie', () => {
    expect(payout('player', 1000n, round('player'))).toBe(2000n);
    expect(payout('player', 1000n, round('banker'))).toBe(0n);
    expect(payout('player', 1000n, round('tie'))).toBe(1000n);
  });

  it('pays banker 1:1 less 5% commission, floored to whole minor units; pushes on a tie', () => {
    expect(payout('banker', 1000n, round('banker'))).toBe(1950n);
    expect(payout('banker', 1000n, round('player'))).toBe(0n);
    expect(payout('banker', 1000n, round('tie'))).toBe(1000n);
    expect(payout('banker', 1n, round('banker'))).toBe(1n); // 0.95 → 0
    expect(payout('banker', 19n, round('banker'))).toBe(37n); // 18.05 → 18
    expect(payout('banker', 21n, round('banker'))).toBe(40n); // 19.95 → 19
    expect(payout('banker', 100n, round('banker'))).toBe(195n);
  });

  it('pays tie 8:1 and loses it otherwise', () => {
    expect(payout('tie', 1000n, round('tie'))).toBe(9000n);
    expect(payout('tie', 1000n, round('player'))).toBe(0n);
    expect(payout('tie', 1000n, round('banker'))).toBe(0n);
  });

  it('pays each pair 11:1 whatever the outcome', () => {
    for (const outcome of ['player', 'banker', 'tie'] as const) {
      const both = round(outcome, { playerPair: true, bankerPair: true });
      expect(payout('playerPair', 1000n, both)).toBe(12_000n);
      expect(payout('bankerPair', 1000n, both)).toBe(12_000n);
      expect(payout('playerPair', 1000n, round(outcome, { bankerPair: true }))).toBe(0n);
      expect(payout('bankerPair', 1000n, round(outcome, { playerPair: true }))).toBe(0n);
    }
  });

  it('settles several bets at once, in order, with their results', () => {
    const bets = [
      { kind: 'player', stakeMinor: 500n },
      { kind: 'banker', stakeMinor: 333n },
      { kind: 'tie', stakeMinor: 100n },
      { kind: 'bankerPair', stakeMinor: 50n },
    ] as const;
    expect(settleBaccarat(bets, round('tie', { bankerPair: true }))).toEqual([
      { kind: 'player', stakeMinor: 500n, payoutMinor: 500n, result: 'push' },
      { kind: 'banker', stakeMinor: 333n, payoutMinor: 333n, result: 'push' },
      { kind: 'tie', stakeMinor: 100n, payoutMinor: 900n, result: 'win' },
      { kind: 'bankerPair', stakeMinor: 50n, payoutMinor: 600n, result: 'win' },
    ]);
    expect(settleBaccarat(bets, round('banker')).map((bet) => bet.payoutMinor)).toEqual([0n, 649n, 0n, 0n]);
    expect(settleBaccarat([], round('banker'))).toEqual([]);
  });

  it('refuses non-positive stakes and unknown bets', () => {
    expect(() => settleBaccarat([{ kind: 'player', stakeMinor: 0n }], round('player'))).toThrow(RangeError);
    expect(() => settleBaccarat([{ kind: 'banker', stakeMinor: -5n }], round('player'))).toThrow(RangeError);
    expect(() => settleBaccarat([{ kind: 'dragon' as BaccaratBetKind, stakeMinor: 5n }], round('player'))).toThrow(
      RangeError,
    );
  });

  it('publishes payouts and RTP for every bet kind', () => {
    for (const kind of BACCARAT_BET_KINDS) {
      expect(BACCARAT_PAYOUTS[kind]).toBeDefined();
      expect(BACCARAT_RTP[kind]).toBeGreaterThan(0.85);
      expect(BACCARAT_RTP[kind]).toBeLessThan(1);
    }
    expect(BACCARAT_PAYOUTS.banker).toEqual({ win: 1, commissionPercent: 5 });
    expect(BACCARAT_PAYOUTS.tie.win).toBe(8);
  });
});
