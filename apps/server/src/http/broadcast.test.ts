import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { Broadcast } from './broadcast.ts';

function heard(broadcast: Broadcast): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('nothing heard within 5 s')), 5000);
    const stop = broadcast.listen((message) => {
      clearTimeout(timer);
      stop();
      resolve(message);
    });
  });
}

describe('broadcast', () => {
  it('reaches its own listeners without Redis', async () => {
    const broadcast = new Broadcast(undefined, 'local');
    await broadcast.start();
    const message = heard(broadcast);
    broadcast.publish('token:abc');
    expect(await message).toBe('token:abc');
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('reaches another node over Redis', async () => {
    const channel = `test:broadcast:${process.pid}:${Date.now()}`;
    const nodes = [new Redis(process.env.TEST_REDIS_URL ?? ''), new Redis(process.env.TEST_REDIS_URL ?? '')];
    const [first, second] = nodes.map((redis) => new Broadcast(redis, channel)) as [Broadcast, Broadcast];
    try {
      await Promise.all([first.start(), second.start()]);
      const message = heard(second);
      first.publish('member:42:');
      expect(await message).toBe('member:42:');
    } finally {
      await Promise.all([first.stop(), second.stop()]);
      for (const redis of nodes) redis.disconnect();
    }
  });
});
