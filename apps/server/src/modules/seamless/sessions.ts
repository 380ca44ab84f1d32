import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { VendorCall, VendorCallPrecondition, VendorRefusal } from '../wallet/vendor-postings.ts';

/** A launch session as a vendor's authenticate call finds it. */
export interface GameSession {
  memberId: string;
  vendorCode: string;
  nodeId: string;
  currency: string;
  accountId: string;
  demo: boolean;
  expiresAt: Date;
}

/** Launch tokens are random and long; only their SHA-256 is stored, so a database read gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Players' launch sessions at vendors. A session is opened when a game is launched and ends after the vendor's
 * `session_minutes` without a bet (each bet moves the end on, see `sessionPrecondition`), or when it is closed. A bet needs a
 * live session; wins and rollbacks do not (the vendor settles what was bet even after the player left).
 */
export class GameSessions {
  constructor(private readonly db: Kysely<Database>) {}

  async open(session: Omit<GameSession, 'account' | 'expiresAt'> & { minutes: number }): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('game_sessions')
      .values({
        token_hash: hashToken(token),
        member_id: session.memberId,
        vendor_code: session.vendorCode,
        node_id: session.nodeId,
        currency: session.currency,
        account_id: session.accountId,
        demo: session.demo,
        expires_at: new Date(Date.now() + session.minutes * 60_000),
      })
      .execute();
    return token;
  }

  /** The live session of a token at a vendor, of an active member; null when unknown or over. */
  async live(token: string, vendorCode: string): Promise<GameSession | null> {
    const row = await this.db
      .selectFrom('game_sessions as s')
      .select(['s.member_id', 's.vendor_code', 's.node_id', 's.currency', 's.account_id', 's.demo', 's.expires_at'])
      .where('s.token_hash', '=', hashToken(token))
      .where('s.vendor_code', '=', vendorCode)
      .where('s.expires_at', '>', new Date())
      .where(sql<boolean>`EXISTS (SELECT 1 FROM member_signed_in(s.member_id))`)
      .executeTakeFirst();
    if (!row) return null;
    return {
      memberId: row.member_id,
      vendorCode: row.vendor_code,
      nodeId: row.node_id,
      currency: row.currency,
      accountId: row.account_id,
      demo: row.demo,
      expiresAt: new Date(row.expires_at),
    };
  }

  /** Ends a session now (the player closed the game or signed out); later bets in it are refused. */
  async close(token: string): Promise<void> {
    await this.db
      .updateTable('game_sessions')
      .set({ expires_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', new Date())
      .execute();
  }

  /** Removes sessions that ended before `before` (nothing refers to them); returns how many. */
  async purge(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('game_sessions').where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/**
 * What the wallet checks before it posts a vendor call, in the same statement (db/functions/game_sessions_check.sql):
 * a bet (a call with the launch token's hash) needs the session live at that vendor for that member's account, and
 * the member active; it moves the session's end on. Wins and rollbacks (no token) are not checked: the vendor
 * settles what was bet even after the player left. Every call carries it, so all of them share one statement.
 */
export function sessionPrecondition(
  tokenHash: string | null,
  call: Pick<VendorCall, 'vendor' | 'memberId' | 'account'>,
  sessionMinutes: number,
): VendorCallPrecondition {
  return {
    name: 'game_session',
    values: [tokenHash, call.vendor, call.memberId, call.account, sessionMinutes],
    sql: ([tokens, vendors, members, accounts, minutes]) =>
      sql<(VendorRefusal | null)[]>`game_sessions_check(${tokens}::text[], ${vendors}::text[], ${members}::bigint[],
        ${accounts}::bigint[], ${minutes}::integer[])`,
  };
}
