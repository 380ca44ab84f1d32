import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, LoginChallengesTable } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Logins waiting for a second factor; keyed by the hash of the id the client holds. */

export async function insert(db: Executor, challenge: Insertable<LoginChallengesTable>) {
  await db.insertInto('login_challenges').values(challenge).execute();
}

export function findLive(db: Executor, idHash: string) {
  return db
    .selectFrom('login_challenges')
    .selectAll()
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Counts a wrong answer; the new count, or undefined when the challenge is gone. */
export async function countAttempt(db: Executor, idHash: string): Promise<number | undefined> {
  const row = await db
    .updateTable('login_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id_hash', '=', idHash)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Whether this call removed it (of two simultaneous removals, one does). */
export async function remove(db: Executor, idHash: string): Promise<boolean> {
  const removed = await db.deleteFrom('login_challenges').where('id_hash', '=', idHash).executeTakeFirst();
  return removed.numDeletedRows > 0n;
}

export async function removeForMember(db: Executor, memberId: string) {
  await db.deleteFrom('login_challenges').where('member_id', '=', memberId).execute();
}
