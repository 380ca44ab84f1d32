// What the fish and card kinds share: the engines' Rng over the studio's random source, minor units as the
// protocol's amounts, and one paid round per call (fun money in free play, the portal's seamless API otherwise).
import type { FastifyReply } from 'fastify';
import type { Rng } from '../engines/rng.ts';
import { text } from '../i18n.ts';
import { failure } from '../pages.ts';
import type { RoundKeeper } from '../rounds.ts';
import type { StudioSession } from '../sessions.ts';

/** The engines' Rng over `random(max)` (node:crypto's randomInt in production). */
export function engineRng(random: (max: number) => number): Rng {
  return {
    int: (max) => random(max),
    float: () => (random(2 ** 26) * 2 ** 27 + random(2 ** 27)) / 2 ** 53,
  };
}

/** Minor units as the protocol's amount: 1234n → "12.34". */
export function amountOf(minor: bigint): string {
  return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
}

const cents = (amount: string): number => Math.round(Number(amount) * 100);

/**
 * One round already decided (`win` may be "0.00"), paid: fun money in free play, else bet and win through the
 * portal. `shown` is what the page animates; it is sent only when the round was played.
 */
export async function payRound(
  rounds: RoundKeeper,
  session: StudioSession,
  bet: string,
  win: string,
  shown: Record<string, unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const language = session.language;
  if (!session.player) {
    if (cents(bet) > session.funCents) return { status: 409, body: failure('INSUFFICIENT_FUNDS', language) };
    session.funCents += cents(win) - cents(bet);
    return { status: 200, body: { ok: true, ...shown, win, balance: (session.funCents / 100).toFixed(2) } };
  }
  const result = await rounds.play({ vendor: session.vendor, ...session.player }, session.gameId, bet, win);
  switch (result.outcome) {
    case 'paid':
      return { status: 200, body: { ok: true, ...shown, win, balance: result.balance } };
    case 'pending':
      return { status: 200, body: { ok: true, ...shown, win, balance: null, notice: text('PENDING', language) } };
    case 'refused':
      return { status: 409, body: { ...failure(result.code, language), balance: result.balance } };
    case 'rolled-back':
      return { status: 503, body: { ...failure('ROLLED_BACK', language), balance: result.balance } };
  }
}

/**
 * Runs a session's paid call when none is in flight (one at a time, as a slot spins); 409 BUSY otherwise, saying
 * `busyText` (a key of the studio's texts).
 */
export async function oneAtATime(
  session: StudioSession,
  reply: FastifyReply,
  play: () => Promise<{ status: number; body: Record<string, unknown> }>,
  busyText: 'busy' | 'placing' = 'busy',
) {
  if (session.busy) {
    return reply.code(409).send({ ok: false, code: 'BUSY', message: text(busyText, session.language) });
  }
  session.busy = true;
  try {
    const { status, body } = await play();
    return reply.code(status).send(body);
  } finally {
    session.busy = false;
  }
}

export function invalid(reply: FastifyReply, session: StudioSession) {
  return reply.code(400).send({ ok: false, code: 'VALIDATION', message: text('ERROR', session.language) });
}
