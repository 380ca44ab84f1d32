import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newSecret, sha256 } from './secrets.ts';

export const SESSION_IDLE_MS = 60 * 60 * 1000;
/** How stale last_seen_at may get before a call refreshes it (well within the idle limit). */
const LAST_SEEN_STEP_MS = 60_000;
export const SESSION_ABSOLUTE_MS = 24 * 60 * 60 * 1000;

export type Portal = 'member' | 'agent';

export interface MemberIdentity {
  id: string;
  account: string;
  type: number;
  portal: Portal;
  mustChangePassword: boolean;
  tokenHash: string;
}

/** Player and agent sessions: 256-bit random tokens, stored as SHA-256, with idle and absolute timeouts. */
export class SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: {
    memberId: string;
    portal: Portal;
    ip: string;
    userAgent: string | undefined;
    mustChangePassword: boolean;
  }): Promise<string> {
    const { secret, hash } = newSecret();
    await this.db
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
    const row = await this.db
      .selectFrom('member_sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select(['m.id', 'm.account', 'm.type', 's.portal', 's.must_change_password', 's.last_seen_at'])
      .where('s.token_hash', '=', tokenHash)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('s.last_seen_at', '>', sql<Date>`now() - ${`${SESSION_IDLE_MS} milliseconds`}::interval`)
      .where('m.status', '=', 'active')
      .executeTakeFirst();
    if (!row) return null;
    // The idle clock is moved on at most once a minute: a read per call, not a write per call.
    if (Date.now() - new Date(row.last_seen_at).getTime() > LAST_SEEN_STEP_MS) {
      await this.db
        .updateTable('member_sessions')
        .set({ last_seen_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .execute();
    }
    return {
      id: row.id,
      account: row.account,
      type: row.type,
      portal: row.portal,
      mustChangePassword: row.must_change_password,
      tokenHash,
    };
  }

  async revoke(tokenHash: string) {
    await this.db.deleteFrom('member_sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Ends every session of the member except `keep` (the one that changed the password). */
  async revokeOthers(memberId: string, keep: string | null) {
    let query = this.db.deleteFrom('member_sessions').where('member_id', '=', memberId);
    if (keep) query = query.where('token_hash', '!=', keep);
    await query.execute();
  }

  async clearMustChange(tokenHash: string) {
    await this.db
      .updateTable('member_sessions')
      .set({ must_change_password: false })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
}
