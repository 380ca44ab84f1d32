import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { FUNCTIONS_DIR, MIGRATIONS_DIR, migrateToLatest, readSqlFiles } from '../db/migrate.ts';
import { seedIfEmpty } from '../db/seed/index.ts';
import { jobStoreFingerprint, jobStoreSchema } from '../jobs/store.ts';

export const TEST_ADMIN = { username: 'operator', password: 'correct horse battery staple' };
/** Every captcha of a test portal shows this text, so tests can answer it. */
export const TEST_CAPTCHA = 'K7PX';

export interface TestPortal {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** A Bearer header of a fresh operator session. */
  adminHeaders(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface TestPortalOptions {
  /** Receives the log lines (with LOG_LEVEL above 'silent'). */
  logStream?: { write(line: string): void };
}

/**
 * A seeded portal on in-memory PGlite, or on PostgreSQL in a schema of its own when TEST_DATABASE_URL is set
 * (CI runs the suite both ways), with Redis for rate limits when TEST_REDIS_URL is set. The schema is dropped on close.
 */
export async function startTestPortal(
  overrides: Partial<Record<keyof Config, string>> = {},
  options: TestPortalOptions = {},
): Promise<TestPortal> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `t_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SETTINGS_CACHE_MS: '0',
    CONTENT_CACHE_MS: '0',
    DATABASE_POOL_SIZE: '10',
    // CI runs the suites in parallel beside CPU-heavy simulations: a connection can take longer than the production
    // two seconds to free up there. The test that proves the fast refusal sets its own short timeout.
    DATABASE_ACQUIRE_TIMEOUT_MS: '15000',
    ...overrides,
  });
  const loadDataDir = url ? undefined : await migratedPglite();
  const database = await openDatabase({
    url,
    schema,
    poolSize: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    dataDir: 'memory://',
    loadDataDir,
  });
  await migrateToLatest(database);
  await seedIfEmpty(database.db);
  const redis = process.env.TEST_REDIS_URL ? new Redis(process.env.TEST_REDIS_URL) : undefined;
  const app = await buildApp({
    config,
    database,
    redis,
    redisNamespace: `test:${randomBytes(4).toString('hex')}:`,
    captchaText: () => TEST_CAPTCHA,
    logStream: options.logStream,
  });
  await app.services.admins.ensureFirstAdmin(TEST_ADMIN.username, TEST_ADMIN.password);
  await app.ready();

  return {
    app,
    database,
    async adminHeaders() {
      const response = await app.inject({ method: 'POST', url: '/admin/api/session', payload: TEST_ADMIN });
      if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
      return { authorization: `Bearer ${response.json().value.token}` };
    },
    async close() {
      await app.close();
      redis?.disconnect();
      if (schema) {
        await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(database.db);
        await sql`DROP SCHEMA IF EXISTS ${sql.id(jobStoreSchema({ schema }))} CASCADE`.execute(database.db);
      }
      await database.close();
    },
  };
}

/**
 * A dump of an embedded database with every migration and function applied (the job library's schema included).
 * Creating a PGlite database (its initdb) takes seconds; loading this dump takes a fraction of that. It is kept in
 * the temporary folder under a hash of the migrations, the functions, the job library's schema and the PGlite
 * version, so every test file (each runs in its own worker) shares it; the portal still runs the migrator on it,
 * which finds nothing left to do.
 */
async function migratedPglite(): Promise<Blob> {
  const hash = createHash('sha256');
  const pglite = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  hash.update(String((await fs.stat(pglite)).mtimeMs));
  hash.update(jobStoreFingerprint());
  for (const dir of [MIGRATIONS_DIR, FUNCTIONS_DIR]) {
    for (const file of await readSqlFiles(dir)) hash.update(file.name).update(file.text);
  }
  const name = `portal-test-pglite-${hash.digest('hex').slice(0, 16)}.tgz`;
  const file = path.join(os.tmpdir(), name);
  const cached = await fs.readFile(file).catch(() => null);
  if (cached) return new Blob([cached]);
  // Dumps of earlier migrations are of no further use.
  for (const old of await fs.readdir(os.tmpdir())) {
    if (/^portal-test-pglite-[0-9a-f]{16}\.tgz$/.test(old) && old !== name) {
      await fs.rm(path.join(os.tmpdir(), old), { force: true });
    }
  }
  const fresh = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(fresh);
  const dump = await (fresh.dump as () => Promise<Blob>)();
  await fresh.close();
  // Written aside and renamed, so a worker never reads a half-written file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(partial, file);
  return dump;
}

/** inject() and parse the envelope. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Starts one portal for the test file, signs an operator in, and closes it after the file. */
export function useTestPortal(overrides: Partial<Record<keyof Config, string>> = {}, options: TestPortalOptions = {}) {
  const context = {} as { portal: TestPortal; admin: Record<string, string> };
  beforeAll(async () => {
    context.portal = await startTestPortal(overrides, options);
    context.admin = await context.portal.adminHeaders();
  });
  afterAll(() => context.portal?.close());
  return context;
}
