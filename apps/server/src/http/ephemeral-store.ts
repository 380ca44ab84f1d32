import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isStorableText } from './storable-text.ts';

/**
 * Short-lived counters and one-time values (failure counters, locks, captcha answers, SMS throttles).
 * Redis when configured, the database otherwise (also the embedded one), so every API node sees the same counts.
 * Nothing here is money or an account: losing it only resets a limit.
 */
export interface EphemeralStore {
  /** Adds one to a counter that lives `windowMs` from its first hit; returns the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /** Stores a value for `ttlMs`; with `onlyIfAbsent` it refuses (false) when the key exists. */
  put(key: string, value: string, ttlMs: number, onlyIfAbsent?: boolean): Promise<boolean>;
  read(key: string): Promise<string | null>;
  /** Reads and deletes in one step, so a one-time value is used at most once. */
  take(key: string): Promise<string | null>;
  /** Milliseconds left before the key expires; 0 when absent. */
  remainingMs(key: string): Promise<number>;
  /** Several keys' values and milliseconds left (null and 0 when absent), in one round trip. */
  inspect(...keys: string[]): Promise<{ value: string | null; remainingMs: number }[]>;
  remove(...keys: string[]): Promise<void>;
}

export function createEphemeralStore(
  redis: Redis | undefined,
  namespace: string,
  db: Kysely<Database>,
): EphemeralStore {
  return redis ? new RedisStore(redis, `${namespace}eph:`) : new DatabaseStore(db);
}

/** Expired rows are deleted this many at a time (one statement each), so a sweep never holds many locks. */
const SWEEP_BATCH = 1_000;
/** Longer keys, and keys PostgreSQL cannot store as text (NUL, lone surrogates), are stored as their hash. */
const KEY_LIMIT = 200;

function storable(key: string): string {
  return key.length <= KEY_LIMIT && isStorableText(key)
    ? key
    : `#${createHash('sha256').update(key, 'utf16le').digest('hex')}`;
}

/** Milliseconds from now as a timestamp of the database's clock (the one clock every node shares). */
const fromNow = (ms: number) => sql<Date>`now() + ${ms}::float8 * interval '1 millisecond'`;

/**
 * The table ephemeral_values (migration 0035): each call is one statement, atomic on its own. Expired rows are
 * never read; they are deleted when taken, and by `sweep`, a job (app.ts).
 */
export class DatabaseStore implements EphemeralStore {
  constructor(private readonly db: Kysely<Database>) {}

  async increment(key: string, windowMs: number) {
    // The window starts at the first hit only, so steady failures cannot keep a counter alive for ever.
    const { rows } = await sql<{ value: string }>`
      INSERT INTO ephemeral_values AS e (key, value, expires_at) VALUES (${storable(key)}, '1', ${fromNow(windowMs)})
      ON CONFLICT (key) DO UPDATE SET
        value = CASE WHEN e.expires_at > now() THEN (e.value::bigint + 1)::text ELSE '1' END,
        expires_at = CASE WHEN e.expires_at > now() THEN e.expires_at ELSE excluded.expires_at END
      RETURNING value`.execute(this.db);
    return Number(rows[0]?.value);
  }

  async count(key: string) {
    return Number((await this.read(key)) ?? 0);
  }

  async put(key: string, value: string, ttlMs: number, onlyIfAbsent = false) {
    const { rows } = await sql`
      INSERT INTO ephemeral_values AS e (key, value, expires_at) VALUES (${storable(key)}, ${value}, ${fromNow(ttlMs)})
      ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
      ${onlyIfAbsent ? sql`WHERE e.expires_at <= now()` : sql``}
      RETURNING 1 AS stored`.execute(this.db);
    return rows.length > 0;
  }

  async read(key: string) {
    const row = await this.db
      .selectFrom('ephemeral_values')
      .select('value')
      .where('key', '=', storable(key))
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async take(key: string) {
    const { rows } = await sql<{ value: string; live: boolean }>`
      DELETE FROM ephemeral_values WHERE key = ${storable(key)}
      RETURNING value, expires_at > now() AS live`.execute(this.db);
    return rows[0]?.live ? rows[0].value : null;
  }

  async remainingMs(key: string) {
    const { rows } = await sql<{ ms: number }>`
      SELECT ceil(extract(epoch FROM expires_at - now()) * 1000)::float8 AS ms FROM ephemeral_values
      WHERE key = ${storable(key)} AND expires_at > now()`.execute(this.db);
    return rows[0]?.ms ?? 0;
  }

  async inspect(...keys: string[]) {
    const stored = keys.map(storable);
    const { rows } = await sql<{ key: string; value: string; ms: number }>`
      SELECT key, value, ceil(extract(epoch FROM expires_at - now()) * 1000)::float8 AS ms FROM ephemeral_values
      WHERE key = ANY(${stored}::text[]) AND expires_at > now()`.execute(this.db);
    const found = new Map(rows.map((row) => [row.key, row]));
    return stored.map((key) => ({ value: found.get(key)?.value ?? null, remainingMs: found.get(key)?.ms ?? 0 }));
  }

  async remove(...keys: string[]) {
    if (keys.length > 0) await this.db.deleteFrom('ephemeral_values').where('key', 'in', keys.map(storable)).execute();
  }

  /** Deletes the expired rows, a batch per statement; returns how many. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (;;) {
      const result = await sql`DELETE FROM ephemeral_values WHERE key IN (
          SELECT key FROM ephemeral_values WHERE expires_at <= now()
          ORDER BY expires_at LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`.execute(this.db);
      const rows = Number(result.numAffectedRows ?? 0);
      deleted += rows;
      if (rows < SWEEP_BATCH) return deleted;
    }
  }
}

class RedisStore implements EphemeralStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, windowMs: number) {
    const name = this.prefix + key;
    // The window starts at the first hit only (NX), so steady failures cannot keep a counter alive for ever.
    const [[, count]] = (await this.redis.multi().incr(name).pexpire(name, windowMs, 'NX').exec()) as [
      [Error | null, number],
    ];
    return count;
  }

  async count(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async put(key: string, value: string, ttlMs: number, onlyIfAbsent = false) {
    const name = this.prefix + key;
    const result = onlyIfAbsent
      ? await this.redis.set(name, value, 'PX', ttlMs, 'NX')
      : await this.redis.set(name, value, 'PX', ttlMs);
    return result === 'OK';
  }

  async read(key: string) {
    return this.redis.get(this.prefix + key);
  }

  async take(key: string) {
    return this.redis.getdel(this.prefix + key);
  }

  async remainingMs(key: string) {
    return Math.max(0, await this.redis.pttl(this.prefix + key));
  }

  async inspect(...keys: string[]) {
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.get(this.prefix + key).pttl(this.prefix + key);
    const replies = ((await pipeline.exec()) ?? []).map(([error, reply]) => {
      if (error) throw error;
      return reply;
    });
    return keys.map((_, i) => ({
      value: (replies[2 * i] as string | null) ?? null,
      remainingMs: Math.max(0, Number(replies[2 * i + 1] ?? 0)),
    }));
  }

  async remove(...keys: string[]) {
    if (keys.length > 0) await this.redis.del(...keys.map((k) => this.prefix + k));
  }
}
