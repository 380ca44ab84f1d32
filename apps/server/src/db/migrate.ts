import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { installJobStore } from '../jobs/store.ts';
import type { DatabaseHandle } from './connection.ts';
import type { Database } from './schema.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Committed plain-SQL migrations, applied in file-name order by Kysely's migrator (which locks and records them). */
class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly runScript: DatabaseHandle['runScript']) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const text = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      migrations[file.replace(/\.sql$/, '')] = {
        up: (db) => this.runScript(db as Kysely<Database>, text),
      };
    }
    return migrations;
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({
    db: handle.db,
    provider: new SqlFileMigrationProvider(handle.runScript),
    // Named explicitly: without it the migrator finds its tables in any schema of the database.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // The job library's own schema, versioned by the library itself.
  await installJobStore(handle);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
