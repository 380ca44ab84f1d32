import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function findAdminByUsername(db: Kysely<Database>, username: string) {
  return db.selectFrom('admin_users').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('admin_users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertAdmin(db: Kysely<Database>, username: string, passwordHash: string) {
  return db.insertInto('admin_users').values({ username, password_hash: passwordHash }).execute();
}

export function insertSession(db: Kysely<Database>, tokenHash: string, adminId: number, expiresAt: Date) {
  return db
    .insertInto('admin_sessions')
    .values({ token_hash: tokenHash, admin_id: adminId, expires_at: expiresAt })
    .execute();
}

/** The live session of a token hash, touched so the inactivity timeout restarts. */
export function touchSession(db: Kysely<Database>, tokenHash: string, now: Date, idleCutoff: Date) {
  return db
    .updateTable('admin_sessions')
    .set({ last_seen_at: now })
    .from('admin_users')
    .whereRef('admin_users.id', '=', 'admin_sessions.admin_id')
    .where('admin_sessions.token_hash', '=', tokenHash)
    .where('admin_sessions.expires_at', '>', now)
    .where('admin_sessions.last_seen_at', '>', idleCutoff)
    .returning(['admin_users.id', 'admin_users.username'])
    .executeTakeFirst();
}

/** Whether there was such a session. */
export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function setTotp(
  db: Kysely<Database>,
  adminId: number,
  values: { totp_secret: string | null; totp_enabled: boolean },
) {
  return db.updateTable('admin_users').set(values).where('id', '=', adminId).execute();
}

export function findAdminById(db: Kysely<Database>, adminId: number) {
  return db.selectFrom('admin_users').selectAll().where('id', '=', adminId).executeTakeFirstOrThrow();
}

export function setPasswordHash(db: Kysely<Database>, adminId: number, passwordHash: string) {
  return db.updateTable('admin_users').set({ password_hash: passwordHash }).where('id', '=', adminId).execute();
}

/** Ends the operator's sessions, all of them or all but the one of `keepTokenHash`; how many ended. */
export async function deleteSessionsOf(db: Kysely<Database>, adminId: number, keepTokenHash?: string): Promise<number> {
  let query = db.deleteFrom('admin_sessions').where('admin_id', '=', adminId);
  if (keepTokenHash) query = query.where('token_hash', '<>', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
