// Studio sessions: one per game launch, named by a random id the page sends back with every call.
import { randomBytes } from 'node:crypto';
import type { Language } from '@portal/shared/constants';
import type { GameInfo } from './catalogue.ts';

/** A studio session not used for this long is forgotten (the portal's own session ends sooner). */
const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** Fun money a free-play session starts with. */
export const FUN_START_CENTS = 2_000_00;
export const FUN_CURRENCY = 'FUN';

export interface StudioSession {
  vendor: string;
  gameId: string;
  language: Language;
  /** The catalogue's entry, when the portal's game list has it. */
  info: GameInfo | null;
  /** Null in free play. */
  player: { token: string; playerId: string; currency: string } | null;
  /** Free play's fun money, in cents. */
  funCents: number;
  /** A paid call of this session is in flight: the next waits. */
  busy: boolean;
  seenAt: number;
}

export class StudioSessions {
  private readonly sessions = new Map<string, StudioSession>();

  create(session: Omit<StudioSession, 'funCents' | 'busy' | 'seenAt'>): string {
    const id = randomBytes(24).toString('base64url');
    this.sessions.set(id, { ...session, funCents: FUN_START_CENTS, busy: false, seenAt: Date.now() });
    return id;
  }

  /** The session a page's call names, marked as seen; undefined for an unknown or expired one. */
  get(id: unknown): StudioSession | undefined {
    const session = typeof id === 'string' ? this.sessions.get(id) : undefined;
    if (session) session.seenAt = Date.now();
    return session;
  }

  /** Forgets the sessions idle for too long. */
  sweep(now = Date.now()): void {
    for (const [id, session] of this.sessions) if (now - session.seenAt > SESSION_IDLE_MS) this.sessions.delete(id);
  }
}
