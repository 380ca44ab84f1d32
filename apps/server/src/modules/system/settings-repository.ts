import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function readAllSettings(db: Kysely<Database>) {
  return db.selectFrom('settings').select(['key', 'value']).execute();
}

export async function writeSetting(db: Kysely<Database>, key: string, value: unknown) {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}

export async function readFlags(db: Kysely<Database>) {
  return db.selectFrom('feature_flags').select(['code', 'enabled']).execute();
}

export async function writeFlags(db: Kysely<Database>, flags: Record<string, boolean>) {
  const rows = Object.entries(flags).map(([code, enabled]) => ({ code, enabled }));
  if (rows.length === 0) return;
  await db
    .insertInto('feature_flags')
    .values(rows)
    .onConflict((oc) =>
      oc.column('code').doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled'), updated_at: new Date() })),
    )
    .execute();
}
