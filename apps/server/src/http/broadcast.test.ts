import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { Broadcast, redisTransport } from './broadcast.ts';

function heard(broadcast: Broadcast, count = 1): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const messages: string[] = [];
    const timer = setTimeout(() => reject(new Error(`heard ${messages.length} of ${count} within 5 s`)), 5000);
    const stop = broadcast.listen((message) => {
      messages.push(message);
      if (messages.length < count) return;
      clearTimeout(timer);
      stop();
      resolve(messages);
    });
  });
}

function resynced(broadcast: Broadcast): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no resync within 10 s')), 10_000);
    const stop = broadcast.onResync(() => {
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

describe('broadcast', () => {
  it('reaches its own listeners without Redis or PostgreSQL', async () => {
    const broadcast = new Broadcast(undefined, 'local');
    await broadcast.start();
    const message = heard(broadcast);
    broadcast.publish('token:abc');
    expect(await message).toEqual(['token:abc']);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('reaches another node over Redis', async () => {
    const channel = `test:broadcast:${process.pid}:${Date.now()}`;
    const nodes = [new Redis(process.env.TEST_REDIS_URL ?? ''), new Redis(process.env.TEST_REDIS_URL ?? '')];
    const [first, second] = nodes.map((redis) => new Broadcast(redisTransport(redis), channel)) as [
      Broadcast,
      Broadcast,
    ];
    try {
      await Promise.all([first.start(), second.start()]);
      const message = heard(second);
      first.publish('member:42:');
      expect(await message).toEqual(['member:42:']);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      for (const redis of nodes) redis.disconnect();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('broadcast over PostgreSQL LISTEN/NOTIFY', () => {
  /** Two "nodes": two database handles on one schema, each with its listening connection, and a broadcast each. */
  async function twoNodes(run: (first: Broadcast, second: Broadcast, schema: string) => Promise<void>) {
    const schema = `t_bc_${process.pid}_${randomBytes(4).toString('hex')}`;
    const handles: DatabaseHandle[] = [];
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ url, schema, poolSize: 2 }));
    const [first, second] = handles.map((handle) => new Broadcast(handle.notifications, 'news')) as [
      Broadcast,
      Broadcast,
    ];
    try {
      await Promise.all([first.start(), second.start()]);
      await run(first, second, schema);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      for (const handle of handles) {
        await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(handle.db);
        await handle.close();
      }
    }
  }

  it('reaches the other node and the node that published', async () => {
    await twoNodes(async (first, second) => {
      const there = heard(second);
      const here = heard(first);
      first.publish('token:abc');
      expect(await there).toEqual(['token:abc']);
      expect(await here).toEqual(['token:abc']);
    });
  });

  it('carries a burst larger than one payload, every message once', async () => {
    await twoNodes(async (first, second) => {
      // 400 messages of about 100 bytes: about 40 KB, five payloads or more.
      const sent = Array.from({ length: 400 }, (_, i) => `${String(i).padStart(4, '0')}:${'x'.repeat(95)}`);
      const arrived = heard(second, sent.length);
      for (const message of sent) first.publish(message);
      expect((await arrived).sort()).toEqual(sent);
    });
  });

  it('listens again after its connection is cut, and says that messages may have been lost', async () => {
    await twoNodes(async (first, second, schema) => {
      const gap = resynced(second);
      // Ends every listening connection of this schema (both nodes'), as a restart of the database would.
      const admin = await openDatabase({ url });
      try {
        const { rows } = await sql<{ ended: boolean }>`
          SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE application_name = 'portal-notifications' AND query LIKE ${`LISTEN "${schema}:%`}`.execute(admin.db);
        expect(rows.length).toBeGreaterThan(0);
      } finally {
        await admin.close();
      }
      await gap;
      const message = heard(second);
      first.publish('after the gap');
      expect(await message).toEqual(['after the gap']);
    });
  });
});
