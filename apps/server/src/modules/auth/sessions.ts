import DataLoader from 'dataloader';
import { type Kysely, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { MemberIdentity, Portal } from '../../common/request-identity.ts';
import { newSecret, sha256 } from '../../common/secrets.ts';
import { preparedAs } from '../../db/connection.ts';
import type { Database, MemberSessionsTable, MembersTable } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Broadcast } from '../../http/broadcast.ts';

export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** How stale last_seen_at may get before a call refreshes it (well within the idle limit). */
const LAST_SEEN_STEP_MS = 60_000;
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;
/** Session reads out at once; the requests that arrive meanwhile are read together by the next. */
const READS_IN_FLIGHT = 2;
const READ_BATCH_MAX = 500;

type SessionRow = Pick<MembersTable, 'account' | 'type'> &
  Pick<MemberSessionsTable, 'portal' | 'must_change_password' | 'token_hash'> & {
    id: string;
    last_seen_at: Date;
    expires_at: Date;
  };

interface RecentSession {
  identity: MemberIdentity;
  lastSeenAt: number;
  expiresAt: number;
}

/**
 * Player and agent sessions: 256-bit random tokens, stored as SHA-256, with idle and absolute timeouts.
 *
 * A session read from the database is trusted for a few seconds (`recentMs`) without reading it again, so a run of
 * calls costs one read instead of one each. Every change to a session here is broadcast to all nodes, which drop
 * their copy at once; the few seconds only bound how long a change made outside this class (a member disabled by
 * SQL) takes to apply.
 */
export class SessionStore {
  private readonly recent: LRUCache<string, RecentSession>;
  private readonly reads: DataLoader<string, SessionRow | null>;
  private readsInFlight = 0;
  private readonly readsWaiting: (() => void)[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly changes: Broadcast,
    /** 0: every call reads its session (nodes without Redis on one PostgreSQL, see app.ts). */
    private readonly recentMs: number,
  ) {
    this.recent = new LRUCache({ max: 50_000, ttl: Math.max(recentMs, 1) });
    changes.listen((message) => this.forget(message));
    // Requests that arrive together share one read, a statement that starts after each of them arrived (so each still
    // sees every logout committed before it), without a round trip each; nothing read is kept by the loader.
    this.reads = new DataLoader((tokenHashes) => this.readMany(tokenHashes), {
      cache: false,
      maxBatchSize: READ_BATCH_MAX,
      batchScheduleFn: (dispatch) =>
        setImmediate(() => (this.readsInFlight < READS_IN_FLIGHT ? dispatch() : this.readsWaiting.push(dispatch))),
    });
  }

  /** A new session, written in `unit` (a sign-in commits with its audit row). */
  async create(
    input: {
      memberId: string;
      portal: Portal;
      ip: string;
      userAgent: string | undefined;
      mustChangePassword: boolean;
    },
    unit: UnitOfWork,
  ): Promise<string> {
    const { secret, hash } = newSecret();
    await unit.trx
      .insertInto('member_sessions')
      .values({
        token_hash: hash,
        member_id: input.memberId,
        portal: input.portal,
        ip: input.ip,
        user_agent: input.userAgent?.slice(0, 300) ?? null,
        must_change_password: input.mustChangePassword,
        expires_at: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      })
      .execute();
    return secret;
  }

  /** The session's member, touching its idle clock; null when unknown, idle too long, expired or disabled. */
  async authenticate(token: string): Promise<MemberIdentity | null> {
    const tokenHash = sha256(token);
    const now = Date.now();
    const recent = this.recent.get(tokenHash);
    if (recent && now < recent.expiresAt && now - recent.lastSeenAt <= LAST_SEEN_STEP_MS) return { ...recent.identity };
    const row = await this.reads.load(tokenHash);
    if (!row) {
      this.recent.delete(tokenHash);
      return null;
    }
    let lastSeenAt = new Date(row.last_seen_at).getTime();
    // The idle clock is moved on at most once a minute: a read per call, not a write per call.
    if (now - lastSeenAt > LAST_SEEN_STEP_MS) {
      await this.db
        .updateTable('member_sessions')
        .set({ last_seen_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .execute();
      lastSeenAt = now;
    }
    const identity: MemberIdentity = {
      id: row.id,
      account: row.account,
      type: row.type,
      portal: row.portal,
      mustChangePassword: row.must_change_password,
      tokenHash,
    };
    if (this.recentMs > 0) {
      this.recent.set(tokenHash, { identity, lastSeenAt, expiresAt: new Date(row.expires_at).getTime() });
    }
    return { ...identity };
  }

  /** The live sessions among `tokenHashes`, in their order (null where none). */
  private async readMany(tokenHashes: readonly string[]): Promise<(SessionRow | null)[]> {
    this.readsInFlight++;
    try {
      // Prepared once per connection: without Redis on PostgreSQL every request reads its session (see app.ts).
      const { rows } = await sql<SessionRow>`${preparedAs('member_sessions')}SELECT s.token_hash, m.id, m.account,
          m.type, s.portal, s.must_change_password, s.last_seen_at, s.expires_at
        FROM member_sessions s CROSS JOIN LATERAL member_signed_in(s.member_id) m
        WHERE s.token_hash = ANY(${tokenHashes}::text[]) AND s.expires_at > now()
          AND s.last_seen_at > now() - ${`${SESSION_IDLE_MS} milliseconds`}::interval`.execute(this.db);
      const found = new Map(rows.map((row) => [row.token_hash, row]));
      return tokenHashes.map((tokenHash) => found.get(tokenHash) ?? null);
    } finally {
      this.readsInFlight--;
      this.readsWaiting.shift()?.();
    }
  }

  // The changes below are written in the caller's unit and announced once it commits: announced earlier, a node could
  // read the session again before the change is visible and keep the stale copy.

  async revoke(tokenHash: string, unit: UnitOfWork) {
    await unit.trx.deleteFrom('member_sessions').where('token_hash', '=', tokenHash).execute();
    unit.afterCommit(() => this.announce(`token:${tokenHash}`));
  }

  /** Ends every session of the member except `keep` (the one that changed the password). */
  async revokeOthers(memberId: string, keep: string | null, unit: UnitOfWork) {
    let query = unit.trx.deleteFrom('member_sessions').where('member_id', '=', memberId);
    if (keep) query = query.where('token_hash', '!=', keep);
    await query.execute();
    unit.afterCommit(() => this.announce(`member:${memberId}:${keep ?? ''}`));
  }

  async clearMustChange(tokenHash: string, unit: UnitOfWork) {
    await unit.trx
      .updateTable('member_sessions')
      .set({ must_change_password: false })
      .where('token_hash', '=', tokenHash)
      .execute();
    unit.afterCommit(() => this.announce(`token:${tokenHash}`));
  }

  /** This node drops its copies before the call returns; the others when the broadcast reaches them. */
  private announce(message: string) {
    this.forget(message);
    this.changes.publish(message);
  }

  /** Drops the copies a broadcast change makes stale: `token:<hash>` or `member:<id>:<hash kept, or empty>`. */
  private forget(message: string) {
    const [scope, id = '', keep = ''] = message.split(':');
    if (scope === 'token') {
      this.recent.delete(id);
    } else if (scope === 'member') {
      for (const [tokenHash, session] of this.recent.entries()) {
        if (session.identity.id === id && tokenHash !== keep) this.recent.delete(tokenHash);
      }
    }
  }
}
