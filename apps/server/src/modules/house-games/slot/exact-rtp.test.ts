import { describe, expect, it } from 'vitest';
import { spin } from './engine.ts';
import {
  enumerateSpins,
  exactRoundStatistics,
  exactRtp,
  freeSpinSession,
  freeSpinSessionMoments,
  type SpinMoments,
} from './exact-rtp.ts';
import {
  SLOT_EXACT_RTP,
  SLOT_HIT_FREQUENCY,
  SLOT_RTP,
  SLOT_STANDARD_DEVIATION,
  SLOT_VOLATILITY,
  volatilityFor,
} from './metadata.ts';
import {
  ACE,
  CROWN,
  EMERALD,
  JACK,
  KING,
  LINE_COUNT,
  QUEEN,
  type ReelSet,
  RUBY,
  SCATTER,
  SCATTERS_TO_TRIGGER,
  TEN,
  WILD,
} from './paytable.ts';

/** Short strips, so that the public `spin` can be run on every stop combination. */
const SMALL_REELS: ReelSet = [
  [WILD, TEN, SCATTER, KING, CROWN],
  [ACE, WILD, TEN, JACK],
  [TEN, QUEEN, SCATTER, WILD, KING, TEN],
  [EMERALD, TEN, RUBY, WILD],
  [SCATTER, TEN, ACE, CROWN, JACK],
];

function* allStops(reels: ReelSet, prefix: number[] = []): Generator<number[]> {
  if (prefix.length === reels.length) {
    yield prefix;
    return;
  }
  for (let stop = 0; stop < reels[prefix.length]!.length; stop++) yield* allStops(reels, [...prefix, stop]);
}

describe('exact RTP', () => {
  it('is 96.0% within 0.1 percentage points', () => {
    const rtp = exactRtp();
    expect(Math.abs(rtp.total - SLOT_RTP)).toBeLessThan(0.001);
    expect(rtp.total).toBeCloseTo(SLOT_EXACT_RTP, 6);
    expect(rtp.baseLines + rtp.baseScatter + rtp.freeSpins).toBeCloseTo(rtp.total, 12);
  });

  it('agrees with running the public spin on every stop combination of small strips', () => {
    let credits = 0;
    let squares = 0;
    let hits = 0;
    let triggers = 0;
    let combinations = 0;
    for (const stops of allStops(SMALL_REELS)) {
      let index = 0;
      const result = spin({ below: () => stops[index++]! }, 1n, { reels: SMALL_REELS });
      combinations++;
      credits += result.totalCredits;
      squares += result.totalCredits ** 2;
      if (result.totalCredits > 0) hits++;
      if (result.scatterCount >= SCATTERS_TO_TRIGGER) triggers++;
    }
    const moments = enumerateSpins(SMALL_REELS);
    expect(moments.combinations).toBe(BigInt(combinations));
    expect(moments.credits).toBe(BigInt(credits));
    expect(moments.creditsSquared).toBe(BigInt(squares));
    expect(moments.hits).toBe(BigInt(hits));
    expect(moments.triggers).toBe(BigInt(triggers));
    const exact = exactRtp(SMALL_REELS);
    expect((exact.baseLines + exact.baseScatter) * LINE_COUNT).toBeCloseTo(credits / combinations, 12);
    expect(exact.triggerProbability).toBeCloseTo(triggers / combinations, 15);
  });

  it('agrees with a full enumeration of the real strips, which also gives hit frequency and volatility', {
    timeout: 120_000,
  }, () => {
    const stats = exactRoundStatistics();
    expect(stats.rtp).toBeCloseTo(exactRtp().total, 12);
    expect(stats.hitFrequency).toBeCloseTo(SLOT_HIT_FREQUENCY, 4);
    expect(stats.standardDeviation).toBeCloseTo(SLOT_STANDARD_DEVIATION, 2);
    expect(volatilityFor(stats.standardDeviation)).toBe(SLOT_VOLATILITY);
  });
});

describe('free-spin session', () => {
  it('plays exactly the award without retriggers and the cap when every spin retriggers', () => {
    expect(freeSpinSession(0).expectedSpins).toBe(10);
    expect(freeSpinSession(1).expectedSpins).toBe(50);
  });

  it('matches the closed form when the cap allows a single retrigger', () => {
    const q = 0.03;
    const session = freeSpinSession(q, 10, 20);
    expect(session.expectedSpins).toBeCloseTo(10 + 10 * (1 - (1 - q) ** 10), 12);
    expect([...session.spinsDistribution.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });

  it('has the moments of a sum of ten independent spins when nothing retriggers', () => {
    const moments: SpinMoments = {
      combinations: 4n,
      hits: 2n,
      triggers: 0n,
      credits: 10n,
      creditsSquared: 58n,
      creditsWhenTriggered: 0n,
    };
    const { mean, secondMoment } = freeSpinSessionMoments(moments);
    // X is 0, 0, 3 or 7 credits: E[X] = 2.5, E[X^2] = 14.5.
    expect(mean).toBeCloseTo(25, 12);
    expect(secondMoment).toBeCloseTo(10 * 14.5 + 90 * 2.5 ** 2, 9);
  });
});
