import { describe, expect, it } from 'vitest';
import { CryptoRandom } from '../rng.ts';
import { SLOT_HIT_FREQUENCY, SLOT_RTP, SLOT_VOLATILITY, volatilityFor } from './metadata.ts';
import { rtpOf, simulate, standardDeviationOf } from './simulator.ts';

const ROUNDS = 10_000_000;

describe('simulated RTP', () => {
  it(`stays within 0.5 percentage points of the design over ${ROUNDS.toLocaleString('en')} paid spins`, {
    timeout: 180_000,
  }, () => {
    const started = performance.now();
    const totals = simulate(new CryptoRandom(), ROUNDS);
    const seconds = (performance.now() - started) / 1000;
    const rtp = rtpOf(totals);
    const hitFrequency = totals.hits / totals.rounds;
    const standardDeviation = standardDeviationOf(totals);
    console.log(
      `slot simulation: ${totals.rounds} paid spins (+${totals.freeSpins} free spins from ${totals.triggers} triggers) ` +
        `in ${seconds.toFixed(1)} s: RTP ${(rtp * 100).toFixed(3)}%, hit frequency ${(hitFrequency * 100).toFixed(2)}%, ` +
        `SD ${standardDeviation.toFixed(2)} × total bet`,
    );
    expect(totals.rounds).toBeGreaterThanOrEqual(10_000_000);
    expect(Math.abs(rtp - SLOT_RTP)).toBeLessThan(0.005);
    expect(Math.abs(hitFrequency - SLOT_HIT_FREQUENCY)).toBeLessThan(0.002);
    expect(volatilityFor(standardDeviation)).toBe(SLOT_VOLATILITY);
  });
});
