import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { installJobStore } from '../jobs/store.ts';
import type { DatabaseHandle } from './connection.ts';
import type { Database } from './schema.ts';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** The current definition of every SQL function, one file each, named after the function. */
export const FUNCTIONS_DIR = path.join(import.meta.dirname, 'functions');

/** Committed plain-SQL migrations, applied in file-name order by Kysely's migrator (which locks and records them). */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly runScript: DatabaseHandle['runScript']) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const { name, text } of await readSqlFiles(MIGRATIONS_DIR)) {
      migrations[name] = { up: (db) => this.runScript(db as Kysely<Database>, text) };
    }
    return migrations;
  }
}

/**
 * Brings the database up to date: the migrations not applied yet (tables, indexes, triggers, data; history that is
 * never edited once applied), then the current definition of every SQL function from `functions/`. A migration
 * that changes a function's arguments or result drops the old signature, so the file's definition replaces it
 * instead of standing beside it.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new SqlFileMigrationProvider(handle.runScript),
    // Named explicitly: without it the migrator finds its tables in any schema of the database.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await applyFunctions(handle);
  // The job library's own schema, versioned by the library itself.
  await installJobStore(handle);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Defines every function of `functions/` in one transaction. Nodes starting together take turns (an advisory lock
 * per schema), and function bodies are checked when called rather than when defined, so the files need no order.
 */
export async function applyFunctions(handle: DatabaseHandle): Promise<void> {
  const files = await readSqlFiles(FUNCTIONS_DIR);
  const script = ['SET LOCAL check_function_bodies = off;', ...files.map((file) => file.text)].join('\n');
  await handle.db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('portal functions ' || current_schema()))`.execute(trx);
    await handle.runScript(trx, script);
  });
}

export async function readSqlFiles(dir: string): Promise<{ name: string; text: string }[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(
    files.map(async (file) => ({
      name: file.replace(/\.sql$/, ''),
      text: await fs.readFile(path.join(dir, file), 'utf8'),
    })),
  );
}
