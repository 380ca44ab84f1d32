// A kind of game the studio serves (slots, fish, live tables, …): its page and its API, keyed by catalogue game type.
import type { FastifyInstance } from 'fastify';
import type { Catalogue } from '../catalogue.ts';
import type { RoundKeeper } from '../rounds.ts';
import type { StudioSession, StudioSessions } from '../sessions.ts';
import type { SportsBook } from '../sports-book.ts';
import type { VendorClient } from '../vendor-client.ts';
import type { TableOptions } from './tables.ts';

export interface KindContext {
  sessions: StudioSessions;
  rounds: RoundKeeper;
  client: VendorClient;
  catalogue: Catalogue;
  /** A uniform integer in [0, max): node:crypto's randomInt unless a test seeds it. */
  random: (max: number) => number;
  /** The sports and esports book, when the studio runs one. */
  sportsBook?: SportsBook;
  /** The live tables' and the pit's seed secret and pacing. */
  tables?: TableOptions;
}

export interface GameKind {
  /** The catalogue game types it plays (RNG, FISH, LIVE, PVP, SPORTS, ESPORTS, COCKFIGHT). */
  readonly gameTypes: readonly string[];
  /** The game's page for a launched session: the HTML the portal frames. */
  page(session: StudioSession, sessionId: string, balance: string, currency: string): string;
  /** Its API routes, under /api/. */
  register(app: FastifyInstance, context: KindContext): void;
}
