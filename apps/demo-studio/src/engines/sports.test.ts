import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { seededRng } from './rng.ts';
import { type BetLeg, potentialPayout, settleBet, validateBet } from './sports-bets.ts';
import {
  type Fixture,
  fixtureAt,
  fixtureById,
  fixtureMarkets,
  fixturesBetween,
  matchResult,
  offeredOdds,
  SPORTS,
  SPORTS_MARGIN_PERCENT,
  scoreDistribution,
  scoreModel,
  selectionProbabilities,
  settleSelection,
  simulateMatch,
} from './sports-model.ts';

const leg = (fixtureId: string, oddsX100: number): BetLeg => ({
  fixtureId,
  market: { type: 'winner' },
  selection: 'home',
  oddsX100,
});

describe('sports fixtures', () => {
  it('are deterministic from the seed and on the schedule', () => {
    const a = fixturesBetween('seed-1', 'football', Date.UTC(2026, 0, 1, 12), Date.UTC(2026, 0, 1, 13));
    expect(a).toHaveLength(15); // every 4 minutes
    expect(fixturesBetween('seed-1', 'football', Date.UTC(2026, 0, 1, 12), Date.UTC(2026, 0, 1, 13))).toEqual(a);
    const b = fixturesBetween('seed-2', 'football', Date.UTC(2026, 0, 1, 12), Date.UTC(2026, 0, 1, 13));
    expect(b.map((f) => f.home.name + f.away.name)).not.toEqual(a.map((f) => f.home.name + f.away.name));
    expect(a[0]!.kickoffMs).toBe(Date.UTC(2026, 0, 1, 12));
    expect(a[1]!.kickoffMs - a[0]!.kickoffMs).toBe(240_000);
    for (const f of a) expect(f.home.name).not.toBe(f.away.name);
    expect(fixtureById('seed-1', a[3]!.id)).toEqual(a[3]);
    expect(() => fixturesBetween('seed-1', 'football', 0, Date.UTC(2027, 0, 1))).toThrow(RangeError);
    expect(() => fixtureById('seed-1', 'golf-3')).toThrow(EngineError);
    const cricket = fixtureAt('seed-1', 'cricket', 5);
    expect(cricket.competition).toBe('T20');
    const esports = fixturesBetween('seed-1', 'esports', Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 2));
    expect(new Set(esports.map((f) => f.title))).toEqual(new Set(['cs2', 'dota2', 'lol']));
  });
});

describe('sports model and prices', () => {
  const fixtures: Fixture[] = SPORTS.flatMap((sport) => [0, 1, 2, 3, 4, 5].map((n) => fixtureAt('prices', sport, n)));

  it('score distributions sum to 1 and the folded model agrees with them', () => {
    for (const f of fixtures) {
      const outcomes = scoreDistribution(f);
      expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 9);
      const model = scoreModel(f);
      for (const winner of ['home', 'draw', 'away'] as const) {
        const p = outcomes.filter((o) => o.winner === winner).reduce((s, o) => s + o.p, 0);
        expect(model.winner[winner]).toBeCloseTo(p, 9);
      }
      for (const d of [-20, -1, 0, 1, 2, 35]) {
        const p = outcomes.filter((o) => o.home - o.away === d).reduce((s, o) => s + o.p, 0);
        expect(model.difference.get(d) ?? 0).toBeCloseTo(p, 9);
      }
      for (const t of [1, 2, 3, 300, 310]) {
        const p = outcomes.filter((o) => o.home + o.away === t).reduce((s, o) => s + o.p, 0);
        expect(model.total.get(t) ?? 0).toBeCloseTo(p, 9);
      }
    }
  });

  it('every market carries the 5 % margin: implied probabilities sum to 105 % plus rounding', () => {
    expect(SPORTS_MARGIN_PERCENT).toBe(5);
    for (const f of fixtures) {
      const markets = fixtureMarkets(f);
      const model = scoreModel(f);
      expect(markets.map((m) => m.market.type)).toEqual(expect.arrayContaining(['winner', 'handicap', 'total']));
      for (const m of markets) {
        const book = m.selections.reduce((s, sel) => s + 100 / sel.oddsX100, 0);
        expect(book).toBeGreaterThanOrEqual(1.05 - 1e-9);
        expect(book).toBeLessThan(1.1);
        // And every selection returns at most 1/1.05 of its stake in expectation, voids refunded.
        for (const sel of m.selections) {
          const p = selectionProbabilities(model, m.market, sel.selection);
          expect(p.win * (sel.oddsX100 / 100) + p.void).toBeLessThanOrEqual(1 / 1.05 + p.void * (1 - 1 / 1.05) + 1e-9);
        }
      }
    }
  });

  it('prices the match winner of every fixture, however uneven the sides (the first market a player looks for)', () => {
    for (const sport of SPORTS) {
      // 1,000 fixtures meet every pairing of every team list many times over.
      for (let n = 0; n < 1000; n++) {
        const fixture = fixtureAt('winner', sport, n);
        const winner = fixtureMarkets(fixture).find((m) => m.market.type === 'winner');
        expect(winner?.selections.length, `${fixture.home.name} v ${fixture.away.name}`).toBe(
          sport === 'football' ? 3 : 2,
        );
      }
    }
  });

  it('offers half and whole lines and prices a whole line with its push taken out', () => {
    const f = fixtureAt('prices', 'football', 1);
    const lines = fixtureMarkets(f)
      .filter((m) => m.market.type === 'total')
      .map((m) => (m.market as { line: number }).line);
    expect(lines.some((l) => Number.isInteger(l))).toBe(true);
    expect(lines.some((l) => !Number.isInteger(l))).toBe(true);
    expect(() => offeredOdds(f, { type: 'total', line: 2.25 }, 'over')).toThrow(/quarter/);
    expect(() => offeredOdds(f, { type: 'winner' }, 'over')).toThrow(EngineError);
    expect(() => offeredOdds(fixtureAt('prices', 'cricket', 1), { type: 'winner' }, 'draw')).toThrow(EngineError);
  });

  it('the simulator draws scores with the model probabilities (home-win rate within 4 sd)', () => {
    const f = fixtureAt('prices', 'football', 2);
    const pHome = selectionProbabilities(scoreModel(f), { type: 'winner' }, 'home').win;
    const rng = seededRng('sim');
    const n = 20_000;
    let homeWins = 0;
    for (let i = 0; i < n; i++) if (simulateMatch(f, rng).winner === 'home') homeWins++;
    expect(Math.abs(homeWins - n * pHome)).toBeLessThan(4 * Math.sqrt(n * pHome * (1 - pHome)));
    expect(matchResult('secret', f)).toEqual(matchResult('secret', f));
    // Cricket: the winner follows the model too, super overs included, and never a draw.
    const c = fixtureAt('prices', 'cricket', 4);
    const pc = scoreModel(c).winner.home;
    let cricketHome = 0;
    for (let i = 0; i < n; i++) {
      const s = simulateMatch(c, rng);
      if (s.winner === 'draw') throw new Error('a T20 is never drawn');
      if (s.winner === 'home') cricketHome++;
    }
    expect(Math.abs(cricketHome - n * pc)).toBeLessThan(4 * Math.sqrt(n * pc * (1 - pc)));
    const cricket = matchResult('secret', fixtureAt('prices', 'cricket', 0));
    expect(cricket.winner).not.toBe('draw');
    expect(cricket.home).toBeGreaterThanOrEqual(60);
  });
});

describe('sports settlement', () => {
  it('settles winner, half and whole handicap and total lines by hand', () => {
    const score = { home: 2, away: 1, winner: 'home' as const };
    expect(settleSelection({ type: 'winner' }, 'home', score)).toBe('win');
    expect(settleSelection({ type: 'winner' }, 'draw', score)).toBe('lose');
    expect(settleSelection({ type: 'handicap', line: -0.5 }, 'home', score)).toBe('win');
    expect(settleSelection({ type: 'handicap', line: -1 }, 'home', score)).toBe('void');
    expect(settleSelection({ type: 'handicap', line: -1 }, 'away', score)).toBe('void');
    expect(settleSelection({ type: 'handicap', line: -1.5 }, 'home', score)).toBe('lose');
    expect(settleSelection({ type: 'handicap', line: -1.5 }, 'away', score)).toBe('win');
    expect(settleSelection({ type: 'handicap', line: 1 }, 'away', { home: 0, away: 1, winner: 'away' })).toBe('void');
    expect(settleSelection({ type: 'total', line: 2.5 }, 'over', score)).toBe('win');
    expect(settleSelection({ type: 'total', line: 3 }, 'over', score)).toBe('void');
    expect(settleSelection({ type: 'total', line: 3 }, 'under', score)).toBe('void');
    expect(settleSelection({ type: 'total', line: 3.5 }, 'under', score)).toBe('win');
    // A tied T20 decided by the super over: the winner market follows the super over, the run handicap pushes.
    const tie = { home: 160, away: 160, winner: 'away' as const };
    expect(settleSelection({ type: 'winner' }, 'away', tie)).toBe('win');
    expect(settleSelection({ type: 'handicap', line: 0 }, 'home', tie)).toBe('void');
  });

  it('settles singles: win pays stake × odds rounded down, void refunds, loss pays nothing', () => {
    expect(settleBet(1000n, [leg('f1', 185)], ['win'])).toMatchObject({ status: 'won', payoutMinor: 1850n });
    expect(settleBet(333n, [leg('f1', 185)], ['win']).payoutMinor).toBe(616n); // 616.05
    expect(settleBet(1000n, [leg('f1', 185)], ['void'])).toMatchObject({ status: 'void', payoutMinor: 1000n });
    expect(settleBet(1000n, [leg('f1', 185)], ['lose'])).toMatchObject({ status: 'lost', payoutMinor: 0n });
    expect(settleBet(1000n, [leg('f1', 185)], ['pending']).status).toBe('pending');
  });

  it('settles parlays: product of odds, a void leg counts 1.00, any loss loses, all void refunds', () => {
    const legs = [leg('f1', 200), leg('f2', 150), leg('f3', 310)];
    // 100.00 × 2.00 × 1.50 × 3.10 = 930.00
    expect(settleBet(10_000n, legs, ['win', 'win', 'win'])).toMatchObject({ status: 'won', payoutMinor: 93_000n });
    // The 1.50 leg void: 100.00 × 2.00 × 3.10 = 620.00
    expect(settleBet(10_000n, legs, ['win', 'void', 'win'])).toMatchObject({ status: 'won', payoutMinor: 62_000n });
    // Two voids leave the single 2.00 leg.
    expect(settleBet(10_000n, legs, ['win', 'void', 'void']).payoutMinor).toBe(20_000n);
    expect(settleBet(10_000n, legs, ['void', 'void', 'void'])).toMatchObject({ status: 'void', payoutMinor: 10_000n });
    expect(settleBet(10_000n, legs, ['win', 'void', 'lose'])).toMatchObject({ status: 'lost', payoutMinor: 0n });
    // A lost leg settles the parlay at once even while another leg is still to play.
    expect(settleBet(10_000n, legs, ['pending', 'lose', 'win']).status).toBe('lost');
    expect(settleBet(10_000n, legs, ['pending', 'win', 'win']).status).toBe('pending');
    // Rounding: 1.23 × 1.57 × 7 minor = 13.51707 → 13.
    expect(settleBet(7n, [leg('a', 123), leg('b', 157)], ['win', 'win']).payoutMinor).toBe(13n);
  });

  it('caps the payout', () => {
    const ten = Array.from({ length: 10 }, (_, i) => leg(`f${i}`, 5000));
    const s = settleBet(100n, ten, Array(10).fill('win'), 5_000_000n);
    expect(s).toMatchObject({ status: 'won', payoutMinor: 5_000_000n, capped: true });
    expect(potentialPayout(100n, [leg('a', 200), leg('b', 300)])).toBe(600n);
  });

  it('refuses parlays out of 2–10 legs, two legs on one fixture, bad odds or stakes', () => {
    expect(() => validateBet(100n, [])).toThrow(EngineError);
    expect(() =>
      validateBet(
        100n,
        Array.from({ length: 11 }, (_, i) => leg(`f${i}`, 200)),
      ),
    ).toThrow(/legs/);
    expect(() => validateBet(100n, [leg('f1', 200), leg('f1', 150)])).toThrow(/different fixtures/);
    expect(() => validateBet(100n, [leg('f1', 100)])).toThrow(/odds/);
    expect(() => validateBet(100n, [leg('f1', 1.5)])).toThrow(/odds/);
    expect(() => validateBet(0n, [leg('f1', 200)])).toThrow(EngineError);
    expect(() => settleBet(100n, [leg('f1', 200), leg('f2', 200)], ['win'])).toThrow(/status/);
  });
});
