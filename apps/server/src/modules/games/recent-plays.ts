import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import type { CatalogueSnapshot } from './snapshot.ts';

/** How many recently played games a member keeps. */
export const RECENT_GAMES_KEPT = 50;
/** A member who keeps playing the game they played last is not written again within this time. */
const QUIET_MS = 60_000;
/** Plays written by one statement at most; more wait for the next. */
const MAX_BATCH = 500;
/** Plays waiting at most (the database stalled): more are dropped rather than held without limit. */
const MAX_PENDING = 50_000;

/**
 * Games played at a vendor (its seamless bet named them) join the member's recent games, as launching does, even
 * when the game was opened elsewhere (the vendor's own lobby). The bet's answer never waits for this: a play is
 * noted in memory after the bet committed, and the plays noted while a write runs go out together in the next one,
 * so the writes follow the load without adding a round trip to any bet. A member spinning the same game again and
 * again writes nothing more while that game is known to be on top of their list. Recent games are a convenience
 * list, not money: plays noted in the milliseconds before a node stops are lost, which nobody would notice.
 */
export class RecentPlays {
  /** Plays not written yet, by member and game, in the order played (a play again moves to the end). */
  private readonly pending = new Map<string, { memberId: string; nodeId: string }>();
  /** The game each member's list has on top, as far as this node wrote it lately. */
  private readonly onTop = new LRUCache<string, string>({ max: 200_000, ttl: QUIET_MS });
  private writing: Promise<void> | null = null;
  private scheduled = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly snapshot: () => Promise<CatalogueSnapshot>,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Notes a play; written soon after, with the plays noted meanwhile. */
  played(memberId: string, nodeId: string): void {
    if (this.onTop.get(memberId) === nodeId) return;
    const key = `${memberId}:${nodeId}`;
    if (!this.pending.delete(key) && this.pending.size >= MAX_PENDING) return;
    this.pending.set(key, { memberId, nodeId });
    // The top changes with this play: a play of the old top before the write must be written after it.
    this.onTop.delete(memberId);
    this.schedule();
  }

  /** A launch wrote the game on top of the member's list (GameCatalogue.noteLaunch). */
  launched(memberId: string, nodeId: string): void {
    this.onTop.set(memberId, nodeId);
  }

  /** Resolves once every play noted so far is written (shut-down, tests). */
  async flushed(): Promise<void> {
    while (this.writing || this.pending.size > 0) {
      if (!this.writing) this.write();
      await this.writing;
    }
  }

  private schedule(): void {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    // The plays of the bets answered in the same turn of the event loop go out together.
    setImmediate(() => {
      this.scheduled = false;
      if (!this.writing && this.pending.size > 0) this.write();
    });
  }

  private write(): void {
    const batch = [...this.pending.entries()].slice(0, MAX_BATCH);
    for (const [key] of batch) this.pending.delete(key);
    this.writing = this.writeBatch(batch.map(([, play]) => play))
      .catch((error: unknown) => this.log?.warn({ err: error }, 'could not note recently played games'))
      .finally(() => {
        this.writing = null;
        if (this.pending.size > 0) this.schedule();
      });
  }

  private async writeBatch(plays: { memberId: string; nodeId: string }[]): Promise<void> {
    // Games the catalogue does not list now never show in a recent list, so they are not written.
    const { byNodeId } = await this.snapshot();
    const known = plays.flatMap((play) => {
      const game = byNodeId.get(play.nodeId);
      return game ? [{ ...play, gameId: game.id }] : [];
    });
    if (known.length === 0) return;
    const members = known.map((play) => play.memberId);
    const games = known.map((play) => play.gameId);
    // As a launch does (GameCatalogue.noteLaunch): strictly after the member's latest play, and in the order played.
    await sql`
      INSERT INTO recent_games (member_id, game_id, played_at)
      SELECT p.member_id, p.game_id,
             greatest(clock_timestamp(), (SELECT max(r.played_at) + interval '1 microsecond'
               FROM recent_games r WHERE r.member_id = p.member_id)) + p.n * interval '1 microsecond'
        FROM unnest(${members}::bigint[], ${games}::bigint[]) WITH ORDINALITY AS p(member_id, game_id, n)
      ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = excluded.played_at`.execute(this.db);
    await sql`
      DELETE FROM recent_games r
       USING (SELECT member_id, game_id,
                     row_number() OVER (PARTITION BY member_id ORDER BY played_at DESC) AS place
                FROM recent_games WHERE member_id = ANY (${[...new Set(members)]}::bigint[])) k
       WHERE r.member_id = k.member_id AND r.game_id = k.game_id AND k.place > ${RECENT_GAMES_KEPT}`.execute(this.db);
    for (const play of known) this.onTop.set(play.memberId, play.nodeId);
  }
}
