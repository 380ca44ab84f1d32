import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { PostgresNotifications } from './notifications.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The PostgreSQL schema in use, when one was asked for. */
  schema?: string;
  /** Runs a multi-statement SQL script on the connection that `executor` (the database or a transaction) uses. */
  runScript(executor: Kysely<Database>, script: string): Promise<void>;
  /** PostgreSQL only: LISTEN/NOTIFY between the processes on this database (PGlite serves one process). */
  notifications?: PostgresNotifications;
  /** PGlite only: the whole database as a gzipped tarball, for `loadDataDir` (tests start from a migrated one). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; absent means the embedded PGlite database. */
  url?: string;
  /** PostgreSQL schema to use (created when missing); tests use one per run. */
  schema?: string;
  /** Where the LISTEN connection goes, when `url` is a pooler in transaction mode (LISTEN needs a session). */
  listenUrl?: string;
  poolSize?: number;
  /** How long a query waits for a free pooled connection before the call fails (answered 503). */
  acquireTimeoutMs?: number;
  /** Folder of the embedded database; 'memory://' keeps it in memory. */
  dataDir?: string;
  /** A dump (see `DatabaseHandle.dump`) the embedded database starts from instead of an empty one. */
  loadDataDir?: Blob;
}

// int8 (bigint) stays a string from the driver; code converts it with BigInt() where it means money.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);
// A date (a birthday) stays 'yyyy-MM-dd'; a JS Date would shift it by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const PGLITE_PARSERS = { 20: (value: string) => value, 1082: (value: string) => value };

/**
 * Marks a statement to be prepared once per connection under `name` (PostgreSQL then skips parsing and planning it
 * on every call). For the hottest statements only: a name must always stand for the same text.
 */
export const preparedAs = (name: string) => sql.raw(`/* prepared:${name} */ `);
const PREPARED_MARK = /^\/\* prepared:([a-z_]{1,60}) \*\//;

/** pg's client, running statements marked by `preparedAs` as named prepared statements. */
class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; this one only adds a name.
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? PREPARED_MARK.exec(config)?.[1] : undefined;
    return name ? super.query({ name, text: config, values }, callback) : super.query(config, values, callback);
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    return openPostgres(
      options.url,
      options.schema,
      options.poolSize ?? 20,
      options.acquireTimeoutMs ?? 2000,
      options.listenUrl ?? options.url,
    );
  }
  return openPglite(options.dataDir ?? './data', options.loadDataDir);
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  poolSize: number,
  acquireTimeoutMs: number,
  listenUrl: string,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    Client: PreparingClient,
    connectionString: url,
    max: poolSize,
    // A full pool answers quickly instead of queueing requests forever.
    connectionTimeoutMillis: acquireTimeoutMs,
    idleTimeoutMillis: 30_000,
    // No JIT: the portal's statements take milliseconds, and a plan whose estimate crosses jit_above_cost (a
    // misestimated row count is enough) would spend hundreds of them compiling (1.2 s seen for a 0.1 ms statement).
    options: ['-c jit=off', ...(schema ? [`-c search_path=${schema}`] : [])].join(' '),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (schema) await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
  // Without parameters pg uses the simple query protocol, which accepts several statements.
  const runScript = async (executor: Kysely<Database>, script: string) => {
    await sql.raw(script).execute(executor);
  };
  // Its own connection, opened when the first broadcast starts listening.
  const notifications = new PostgresNotifications({ connectionString: listenUrl, schema, db });
  const close = async () => {
    await notifications.close();
    await db.destroy();
  };
  return { db, kind: 'postgres', schema, runScript, notifications, close };
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  const location = dataDir === 'memory://' ? undefined : path.resolve(dataDir);
  if (location) fs.mkdirSync(location, { recursive: true });
  // One options object: PGlite ignores its second argument when the first is not a string (the in-memory case).
  const client = new PGlite({ dataDir: location, parsers: PGLITE_PARSERS, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  // PGlite has one session, so exec() runs inside whatever transaction Kysely has open on it.
  const runScript = async (_executor: Kysely<Database>, script: string) => {
    await client.exec(script);
  };
  const dump = async () => (await client.dumpDataDir('gzip')) as Blob;
  return { db, kind: 'pglite', runScript, dump, close: () => db.destroy() };
}
