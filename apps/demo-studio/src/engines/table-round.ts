import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { hmacRng, type Rng } from './rng.ts';

/**
 * The clock of a live table (baccarat, roulette, andar bahar, cockfight): rounds follow each other from the
 * table's start time, each one `betting` → `closed` → `result` → `settled`, so every player and every server
 * node that knows the schedule agrees on the round and phase without talking to each other.
 *
 * Commit/reveal: a round's seed is HMAC-SHA256(server secret, "<tableId>:<roundNumber>"). Its SHA-256 (the
 * commitment) is published when betting opens, before bets close; the seed is revealed with the result. A player
 * checks that SHA-256(seed) equals the commitment and recomputes the outcome from the seed with `roundRng`.
 * The secret never leaves the server and cannot be derived from revealed seeds.
 */

export type RoundPhase = 'betting' | 'closed' | 'result' | 'settled';

export interface TableSchedule {
  /** Epoch milliseconds at which round 0 opens for bets. */
  readonly startMs: number;
  readonly bettingMs: number;
  /** Bets are closed and the dealer draws; nothing is shown yet. */
  readonly closedMs: number;
  /** The result is shown (cards dealt, wheel spun) before anyone is paid. */
  readonly resultMs: number;
  /** Bets are settled at the start of this phase; the result stays on screen until the next round. */
  readonly settledMs: number;
}

export interface RoundState {
  roundNumber: number;
  phase: RoundPhase;
  roundStartMs: number;
  phaseStartMs: number;
  phaseEndMs: number;
  bettingClosesMs: number;
  settlesAtMs: number;
  roundEndMs: number;
}

const PHASES: readonly RoundPhase[] = ['betting', 'closed', 'result', 'settled'];

export function validateSchedule(schedule: TableSchedule): void {
  for (const key of ['startMs', 'bettingMs', 'closedMs', 'resultMs', 'settledMs'] as const) {
    if (!Number.isSafeInteger(schedule[key]) || schedule[key] < 0)
      throw new RangeError(`${key} must be an integer >= 0`);
  }
  if (schedule.bettingMs === 0) throw new RangeError('bettingMs must be positive');
}

export function roundLengthMs(schedule: TableSchedule): number {
  return schedule.bettingMs + schedule.closedMs + schedule.resultMs + schedule.settledMs;
}

/** The times of a given round. */
export function roundTimes(
  schedule: TableSchedule,
  roundNumber: number,
): Omit<RoundState, 'phase' | 'phaseStartMs' | 'phaseEndMs'> {
  if (!Number.isSafeInteger(roundNumber) || roundNumber < 0)
    throw new RangeError('roundNumber must be an integer >= 0');
  const roundStartMs = schedule.startMs + roundNumber * roundLengthMs(schedule);
  const bettingClosesMs = roundStartMs + schedule.bettingMs;
  const settlesAtMs = bettingClosesMs + schedule.closedMs + schedule.resultMs;
  return { roundNumber, roundStartMs, bettingClosesMs, settlesAtMs, roundEndMs: settlesAtMs + schedule.settledMs };
}

/** The round and phase at `nowMs`, or null before the table's first round. */
export function roundAt(schedule: TableSchedule, nowMs: number): RoundState | null {
  validateSchedule(schedule);
  if (nowMs < schedule.startMs) return null;
  const roundNumber = Math.floor((nowMs - schedule.startMs) / roundLengthMs(schedule));
  const times = roundTimes(schedule, roundNumber);
  const lengths = [schedule.bettingMs, schedule.closedMs, schedule.resultMs, schedule.settledMs];
  let phaseStartMs = times.roundStartMs;
  for (let i = 0; i < PHASES.length; i++) {
    const phaseEndMs = phaseStartMs + lengths[i]!;
    if (nowMs < phaseEndMs) return { ...times, phase: PHASES[i]!, phaseStartMs, phaseEndMs };
    phaseStartMs = phaseEndMs;
  }
  throw new Error('unreachable: nowMs lies inside the round by construction');
}

/** A bet for `roundNumber` is accepted only while that very round is in its betting phase. */
export function acceptsBets(schedule: TableSchedule, roundNumber: number, nowMs: number): boolean {
  const state = roundAt(schedule, nowMs);
  return state !== null && state.roundNumber === roundNumber && state.phase === 'betting';
}

/** A round may be settled once its settle time has passed; a server that was down settles late rounds on restart. */
export function canSettle(schedule: TableSchedule, roundNumber: number, nowMs: number): boolean {
  return nowMs >= roundTimes(schedule, roundNumber).settlesAtMs;
}

/** The round's seed, hex. Deterministic, so every node draws the same outcome. */
export function roundSeed(serverSecret: string | Uint8Array, tableId: string, roundNumber: number): string {
  return createHmac('sha256', serverSecret).update(`${tableId}:${roundNumber}`).digest('hex');
}

/** The commitment published while betting is open: SHA-256 of the seed's hex text, hex. */
export function seedCommitment(seedHex: string): string {
  return createHash('sha256').update(seedHex).digest('hex');
}

export function verifyReveal(seedHex: string, commitmentHex: string): boolean {
  const actual = Buffer.from(seedCommitment(seedHex), 'hex');
  const expected = Buffer.from(commitmentHex, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The outcome's random source; `purpose` separates streams, e.g. the fight card from the fight result. */
export function roundRng(seedHex: string, purpose = 'outcome'): Rng {
  return hmacRng(seedHex, purpose);
}
