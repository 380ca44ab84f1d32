import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * Short-lived counters and one-time values (failure counters, locks, captcha answers, SMS throttles).
 * Redis when configured, so every API node sees the same counts; process memory otherwise (the embedded default
 * runs one node). Nothing here is money or an account: losing it only resets a limit.
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
  remove(...keys: string[]): Promise<void>;
}

export function createEphemeralStore(redis: Redis | undefined, namespace: string): EphemeralStore {
  return redis ? new RedisStore(redis, `${namespace}eph:`) : new MemoryStore();
}

interface Entry {
  value: string;
  expiresAt: number;
}

class MemoryStore implements EphemeralStore {
  // Bounded, so a flood of distinct keys (random user names, addresses) cannot grow the heap without end.
  private readonly entries = new LRUCache<string, Entry>({ max: 200_000 });

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async increment(key: string, windowMs: number) {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? Date.now() + windowMs });
    return count;
  }

  async count(key: string) {
    return Number(this.live(key)?.value ?? 0);
  }

  async put(key: string, value: string, ttlMs: number, onlyIfAbsent = false) {
    if (onlyIfAbsent && this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    return true;
  }

  async read(key: string) {
    return this.live(key)?.value ?? null;
  }

  async take(key: string) {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return value;
  }

  async remainingMs(key: string) {
    const entry = this.live(key);
    return entry ? entry.expiresAt - Date.now() : 0;
  }

  async remove(...keys: string[]) {
    for (const key of keys) this.entries.delete(key);
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

  async remove(...keys: string[]) {
    if (keys.length > 0) await this.redis.del(...keys.map((k) => this.prefix + k));
  }
}
