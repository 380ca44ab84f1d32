import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestPortal } from '../test/harness.ts';
import { FUNCTIONS_DIR, readSqlFiles } from './migrate.ts';
import type { Database } from './schema.ts';

const DEFINITION = /CREATE OR REPLACE FUNCTION (\w+)\(/g;

/** The schema's functions (not an extension's) with their full definitions, the schema's name taken out. */
async function definitions(executor: Kysely<Database>, schema: string): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ name: string; definition: string }>`
    SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = ${schema}
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`.execute(executor);
  const byName = new Map<string, string[]>();
  for (const row of rows) {
    const unqualified = row.definition
      .replace(`FUNCTION ${schema}.`, 'FUNCTION ')
      .replace(`FUNCTION "${schema}".`, 'FUNCTION ');
    byName.set(row.name, [...(byName.get(row.name) ?? []), unqualified]);
  }
  return byName;
}

/**
 * What differs between the database's functions and the files: each file is defined in a scratch schema (inside a
 * transaction that is rolled back) and the two definitions, as PostgreSQL prints them, are compared.
 */
async function drift(trx: Transaction<Database>, runScript: (trx: Kysely<Database>, text: string) => Promise<void>) {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(trx);
  const schema = rows[0]?.schema ?? 'public';
  const scratch = `fn_check_${randomBytes(4).toString('hex')}`;
  const files = await readSqlFiles(FUNCTIONS_DIR);
  await sql`CREATE SCHEMA ${sql.id(scratch)}`.execute(trx);
  await sql`SELECT set_config('search_path', ${`${scratch}, ${schema}`}, true)`.execute(trx);
  await runScript(trx, ['SET LOCAL check_function_bodies = off;', ...files.map((f) => f.text)].join('\n'));
  await sql`SELECT set_config('search_path', ${schema}, true)`.execute(trx);
  const expected = await definitions(trx, scratch);
  const actual = await definitions(trx, schema);
  const problems: string[] = [];
  for (const [name, [definition]] of expected) {
    const found = actual.get(name);
    if (!found) problems.push(`${name}: in the files, not in the database`);
    else if (found.length > 1) problems.push(`${name}: ${found.length} definitions in the database`);
    else if (found[0] !== definition) problems.push(`${name}: the database's definition differs from the file`);
  }
  for (const name of actual.keys()) {
    if (!expected.has(name)) problems.push(`${name}: in the database, not in the files`);
  }
  return problems.sort();
}

/** Runs `check` in a transaction that is always rolled back. */
async function rolledBack<T>(db: Kysely<Database>, check: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const rollback = new Error('rollback');
  let result: T | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      result = await check(trx);
      throw rollback;
    })
    .catch((error) => {
      if (error !== rollback) throw error;
    });
  return result as T;
}

describe('SQL functions', () => {
  const ctx = useTestPortal();

  it('each file defines one function, named after the file', async () => {
    const files = await readSqlFiles(FUNCTIONS_DIR);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect(
        [...file.text.matchAll(DEFINITION)].map((m) => m[1]),
        file.name,
      ).toEqual([file.name]);
    }
  });

  it("the database's functions are exactly the files' definitions", async () => {
    const { db, runScript } = ctx.portal.database;
    expect(await rolledBack(db, (trx) => drift(trx, runScript))).toEqual([]);
  });

  it('finds a function changed, added or overloaded beside the files', async () => {
    const { db, runScript } = ctx.portal.database;
    const problems = await rolledBack(db, async (trx) => {
      await runScript(
        trx,
        `CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN RETURN NULL; END $$;
         CREATE FUNCTION stray_function() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;
         CREATE FUNCTION ledger_vendor_balance(p_account integer) RETURNS bigint LANGUAGE sql AS $$ SELECT 0::bigint $$;`,
      );
      return drift(trx, runScript);
    });
    expect(problems).toEqual([
      "ledger_refuse_change: the database's definition differs from the file",
      'ledger_vendor_balance: 2 definitions in the database',
      'stray_function: in the database, not in the files',
    ]);
  });
});
