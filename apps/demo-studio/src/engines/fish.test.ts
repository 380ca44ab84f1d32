import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { captureProbability, FISH_BETS_MINOR, FISH_RTP_PERCENT, FISH_TARGETS, shoot } from './fish.ts';
import { type Rng, seededRng } from './rng.ts';

/** An Rng that returns the given integers in order, for hand-computed cases. */
function scripted(values: number[]): Rng {
  return {
    int(n) {
      const v = values.shift();
      if (v === undefined || v >= n) throw new Error(`script exhausted or out of range for ${n}`);
      return v;
    },
    float: () => 0,
  };
}

describe('fish', () => {
  it('states 96 % and every target returns exactly 96 % (probability × multiplier)', () => {
    expect(FISH_RTP_PERCENT).toBe(96);
    expect(FISH_TARGETS.some((t) => t.boss && t.multiplier === 300)).toBe(true);
    for (const target of FISH_TARGETS) {
      const p = captureProbability(target.kind);
      // Exact rational check: multiplier × numerator / denominator = 96 / 100.
      expect(target.multiplier * p.numerator * 100).toBe(96 * p.denominator);
    }
  });

  it('captures when the draw is below 96 out of 100 × multiplier and pays bet × multiplier', () => {
    // clownfish 2×: 96 captures out of 200.
    expect(shoot('clownfish', 100n, scripted([95]))).toEqual({
      kind: 'clownfish',
      multiplier: 2,
      captured: true,
      betMinor: 100n,
      winMinor: 200n,
    });
    expect(shoot('clownfish', 100n, scripted([96])).captured).toBe(false);
    expect(shoot('clownfish', 100n, scripted([96])).winMinor).toBe(0n);
    const boss = shoot('golden-dragon', 1000n, scripted([0]));
    expect(boss.winMinor).toBe(300_000n);
  });

  it('refuses an unknown target or a bet not on the list', () => {
    expect(() => shoot('kraken', 100n, seededRng(1))).toThrow(EngineError);
    expect(() => shoot('shark', 7n, seededRng(1))).toThrow(/bet per shot/);
    expect(() => shoot('shark', -100n, seededRng(1))).toThrow(EngineError);
  });

  it('simulated RTP of a typical session mix is within ±0.5 pp of 96 %', () => {
    const rng = seededRng('fish-rtp');
    // Players mostly shoot small fish; 3M shots keep the standard error near 0.1 pp.
    const kinds = ['clownfish', 'pufferfish', 'turtle', 'lanternfish', 'octopus'];
    let bet = 0n;
    let won = 0n;
    for (let i = 0; i < 3_000_000; i++) {
      const shot = shoot(kinds[i % kinds.length]!, 100n, rng);
      bet += shot.betMinor;
      won += shot.winMinor;
    }
    const rtp = (Number(won) / Number(bet)) * 100;
    expect(Math.abs(rtp - 96)).toBeLessThan(0.5);
  });

  it('capture frequency of every target, the boss included, is within 4 standard deviations', () => {
    const rng = seededRng('fish-freq');
    const shots = 300_000;
    for (const target of FISH_TARGETS) {
      const p = 0.96 / target.multiplier;
      let captures = 0;
      for (let i = 0; i < shots; i++) if (shoot(target.kind, FISH_BETS_MINOR[0]!, rng).captured) captures++;
      const sd = Math.sqrt(shots * p * (1 - p));
      expect(Math.abs(captures - shots * p)).toBeLessThan(4 * sd);
    }
  });
});
