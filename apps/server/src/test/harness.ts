import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedIfEmpty } from '../db/seed/index.ts';

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

/**
 * A seeded portal on in-memory PGlite, or on PostgreSQL in a schema of its own when TEST_DATABASE_URL is set
 * (CI runs the suite both ways), with Redis for rate limits when TEST_REDIS_URL is set. The schema is dropped on close.
 */
export async function startTestPortal(
  overrides: Partial<Record<keyof Config, string>> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestPortal> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = url ? `t_${process.pid}_${randomBytes(4).toString('hex')}` : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SETTINGS_CACHE_MS: '0',
    CONTENT_CACHE_MS: '0',
    ...overrides,
  });
  const database = await openDatabase({ url, schema, poolSize: 10, dataDir: 'memory://' });
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
      if (schema) await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(database.db);
      await database.close();
    },
  };
}

/** inject() and parse the envelope. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Starts one portal for the test file, signs an operator in, and closes it after the file. */
export function useTestPortal(overrides: Partial<Record<keyof Config, string>> = {}) {
  const context = {} as { portal: TestPortal; admin: Record<string, string> };
  beforeAll(async () => {
    context.portal = await startTestPortal(overrides);
    context.admin = await context.portal.adminHeaders();
  });
  afterAll(() => context.portal?.close());
  return context;
}
