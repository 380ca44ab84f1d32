import { type Kysely, type Selectable, sql } from 'kysely';
import type { BannersTable, Database, NoticesTable } from '../../db/schema.ts';

export type BannerRow = Selectable<BannersTable>;
export type NoticeRow = Selectable<NoticesTable>;

export interface BannerValues {
  group_name: string;
  image_url: string;
  title: string;
  linkage_type: number;
  link: string | null;
  /** JSON of the localised words over the art, or null. */
  headline: string | null;
  detail: string | null;
  button_label: string | null;
  sort_order: number;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
}

export interface NoticeValues {
  type: string;
  title: string;
  content: string;
  sort_order: number;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
}

type ContentTable = 'banners' | 'notices';

/** Rows an operator has enabled and whose window (if any) contains now. */
function activeAt<T extends ContentTable>(db: Kysely<Database>, table: T, now: Date) {
  return db
    .selectFrom(table as ContentTable)
    .where('enabled', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
}

export async function listActiveBanners(db: Kysely<Database>, now: Date): Promise<BannerRow[]> {
  return activeAt(db, 'banners', now).selectAll().orderBy('sort_order').orderBy('id').execute() as Promise<BannerRow[]>;
}

/**
 * Notices of the given types in force. Players' notices come in the operator's order (newest first within it);
 * with a limit (the agent centre's list) they come newest first by publication.
 */
export async function listActiveNotices(
  db: Kysely<Database>,
  now: Date,
  types: readonly string[],
  limit?: number,
): Promise<NoticeRow[]> {
  const query = activeAt(db, 'notices', now)
    .selectAll()
    .where('type', 'in', [...types]);
  const ordered =
    limit === undefined
      ? query.orderBy('sort_order').orderBy('id', 'desc')
      : query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit);
  return ordered.execute() as Promise<NoticeRow[]>;
}

export async function listBanners(db: Kysely<Database>) {
  return db.selectFrom('banners').selectAll().orderBy('group_name').orderBy('sort_order').orderBy('id').execute();
}

export async function listNotices(db: Kysely<Database>) {
  return db.selectFrom('notices').selectAll().orderBy('type').orderBy('sort_order').orderBy('id').execute();
}

export function findBanner(db: Kysely<Database>, id: number) {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findNotice(db: Kysely<Database>, id: number) {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBanner(db: Kysely<Database>, values: BannerValues) {
  return db.insertInto('banners').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateBanner(db: Kysely<Database>, id: number, values: Partial<BannerValues>) {
  return db
    .updateTable('banners')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function insertNotice(db: Kysely<Database>, values: NoticeValues) {
  return db.insertInto('notices').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateNotice(db: Kysely<Database>, id: number, values: Partial<NoticeValues>) {
  return db
    .updateTable('notices')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteRow(db: Kysely<Database>, table: ContentTable, id: number): Promise<boolean> {
  const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Gives the listed rows sort positions 0..n-1 in one statement; returns how many rows matched. */
export async function reorder(db: Kysely<Database>, table: ContentTable, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql`
    UPDATE ${sql.table(table)} AS t SET sort_order = o.position - 1, updated_at = now()
    FROM unnest(${sql.val(ids)}::int[]) WITH ORDINALITY AS o(id, position)
    WHERE t.id = o.id`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export async function listHelpSections(db: Kysely<Database>) {
  return db.selectFrom('help_sections').selectAll().orderBy('sort_order').orderBy('key').execute();
}

export async function upsertHelpSection(
  db: Kysely<Database>,
  values: { key: string; title: string; content: string; sort_order: number },
) {
  await db
    .insertInto('help_sections')
    .values(values)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ title: values.title, content: values.content, sort_order: values.sort_order }),
    )
    .execute();
}
