import { describe, expect, it } from 'vitest';
import { LIVE_SCHEDULES, liveRound, liveRoundPreview, outcomeFromSeed } from './live-tables.ts';
import { roundAt, roundLengthMs, verifyReveal } from './table-round.ts';

describe('live tables', () => {
  it('every player at a table gets the same round; other rounds and tables differ', () => {
    const a = liveRound('secret', 'baccarat', 'bac-1', 7);
    const b = liveRound('secret', 'baccarat', 'bac-1', 7);
    expect(a).toEqual(b);
    const others = [liveRound('secret', 'baccarat', 'bac-1', 8), liveRound('secret', 'baccarat', 'bac-2', 7)];
    for (const o of others) expect(o.seedHex).not.toBe(a.seedHex);
  });

  it('the preview commits to the seed without revealing it, and the reveal recomputes the outcome', () => {
    for (const game of ['baccarat', 'roulette', 'andar-bahar', 'cockfight'] as const) {
      const preview = liveRoundPreview('secret', game, `${game}-1`, 3);
      expect(JSON.stringify(preview)).not.toContain(liveRound('secret', game, `${game}-1`, 3).seedHex);
      const round = liveRound('secret', game, `${game}-1`, 3);
      expect(preview.commitment).toBe(round.commitment);
      expect(verifyReveal(round.seedHex, preview.commitment)).toBe(true);
      expect(outcomeFromSeed(game, round.seedHex)).toEqual(round.outcome);
    }
    const fight = liveRoundPreview('secret', 'cockfight', 'pit-1', 3);
    const outcome = liveRound('secret', 'cockfight', 'pit-1', 3).outcome;
    expect(outcome.game === 'cockfight' && outcome.card).toEqual(fight.card);
  });

  it('schedules run every phase and a round is 30 s at baccarat and 100 s at the pit', () => {
    expect(roundLengthMs(LIVE_SCHEDULES.baccarat)).toBe(30_000);
    expect(roundLengthMs(LIVE_SCHEDULES.cockfight)).toBe(100_000);
    const start = LIVE_SCHEDULES.roulette.startMs;
    expect(roundAt(LIVE_SCHEDULES.roulette, start + 30_000 * 5 + 16_000)).toMatchObject({
      roundNumber: 5,
      phase: 'closed',
    });
  });
});
