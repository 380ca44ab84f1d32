// The agents module's SQL of invitation links (agent_invite_links) and of who registered through them: the members'
// `invited_by_code` column, read beside the links as the team lists read the members' directory columns.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

const columns = ['id', 'code', 'source', 'note', 'enabled', 'created_at'] as const;

export type LinkRow = Awaited<ReturnType<typeof findLink>> & {};

/** The agent's links, newest first. */
export function listLinks(db: Executor, agentId: string) {
  return db
    .selectFrom('agent_invite_links')
    .select(columns)
    .where('agent_id', '=', agentId)
    .orderBy('id', 'desc')
    .execute();
}

/** One of the agent's links; undefined for another agent's link or none. */
export function findLink(db: Executor, agentId: string, id: string) {
  return db
    .selectFrom('agent_invite_links')
    .select(columns)
    .where('agent_id', '=', agentId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countLinks(db: Executor, agentId: string): Promise<number> {
  const row = await db
    .selectFrom('agent_invite_links')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('agent_id', '=', agentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertLink(
  db: Executor,
  values: { agent_id: string; code: string; source: string; note: string | null },
) {
  return db.insertInto('agent_invite_links').values(values).returning(columns).executeTakeFirstOrThrow();
}

export function updateLink(
  db: Executor,
  agentId: string,
  id: string,
  values: { source?: string; note?: string | null; enabled?: boolean },
) {
  return db
    .updateTable('agent_invite_links')
    .set({ ...values, updated_at: sql`now()` })
    .where('agent_id', '=', agentId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
}

/** The agent of an enabled link's code. */
export async function enabledLinkAgent(db: Executor, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('agent_invite_links')
    .select('agent_id')
    .where('code', '=', code)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return row?.agent_id ?? null;
}

/** How many members registered with each of these codes. */
export async function registrationsByCode(db: Executor, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('members')
    .select(['invited_by_code', (eb) => eb.fn.countAll<string>().as('n')])
    .where('invited_by_code', 'in', [...codes])
    .groupBy('invited_by_code')
    .execute();
  return new Map(rows.map((row) => [row.invited_by_code ?? '', Number(row.n)]));
}

/** The unique constraint a statement broke, or null for any other error. */
export function brokenUnique(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; detail?: string; message?: string };
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.detail ?? e.message ?? 'unique';
}
