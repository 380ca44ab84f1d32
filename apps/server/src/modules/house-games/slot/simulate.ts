/**
 * Prints the exact figures and a fresh simulation:
 *   npx tsx apps/server/src/modules/house-games/slot/simulate.ts [rounds]
 */
import { CryptoRandom } from '../rng.ts';
import { exactRoundStatistics, exactRtp } from './exact-rtp.ts';
import { volatilityFor } from './metadata.ts';
import { rtpOf, simulate, standardDeviationOf } from './simulator.ts';

const percent = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;

const rounds = Number(process.argv[2] ?? 10_000_000);
if (!Number.isSafeInteger(rounds) || rounds < 1) throw new RangeError('rounds must be a positive integer');

const exact = exactRtp();
console.log(
  `exact RTP ${percent(exact.total, 4)}: base lines ${percent(exact.baseLines)}, base scatter ${percent(exact.baseScatter)}, ` +
    `free spins ${percent(exact.freeSpins)} (trigger 1 in ${(1 / exact.triggerProbability).toFixed(1)}, ` +
    `${exact.expectedFreeSpins.toFixed(3)} free spins per trigger)`,
);
const round = exactRoundStatistics();
console.log(
  `exact hit frequency ${percent(round.hitFrequency, 2)}, SD ${round.standardDeviation.toFixed(3)} × total bet ` +
    `(${volatilityFor(round.standardDeviation)} volatility)`,
);

const started = performance.now();
const totals = simulate(new CryptoRandom(), rounds);
const seconds = (performance.now() - started) / 1000;
console.log(
  `simulated ${totals.rounds} paid spins (${totals.freeSpins} free spins) in ${seconds.toFixed(1)} s: ` +
    `RTP ${percent(rtpOf(totals))}, hit frequency ${percent(totals.hits / totals.rounds, 2)}, ` +
    `SD ${standardDeviationOf(totals).toFixed(3)} × total bet`,
);
