import { describe, expect, it } from 'vitest';
import { Broadcast, type BroadcastTransport, type Subscriber } from './broadcast.ts';
import { SharedCaches, SharedValue } from './shared-caches.ts';

/** A transport between the "nodes" of one test, which can also play a lost connection that came back. */
function fakeTransport() {
  const subscribers = new Set<Subscriber>();
  const transport: BroadcastTransport = {
    kind: 'postgres',
    async subscribe(_channel, subscriber) {
      subscribers.add(subscriber);
      return async () => {
        subscribers.delete(subscriber);
      };
    },
    async publish(_channel, message) {
      for (const subscriber of subscribers) subscriber.message(message);
    },
  };
  const gap = () => {
    for (const subscriber of subscribers) subscriber.resynced();
  };
  return { transport, gap };
}

async function nodes(count: number) {
  const { transport, gap } = fakeTransport();
  const broadcasts = Array.from({ length: count }, () => new Broadcast(transport, 'caches'));
  await Promise.all(broadcasts.map((broadcast) => broadcast.start()));
  return { caches: broadcasts.map((broadcast) => new SharedCaches(broadcast)), gap };
}

describe('shared caches', () => {
  it('drop on this node before changed() returns, and on the other nodes as the message arrives', async () => {
    const { caches } = await nodes(2);
    const dropped = { here: 0, there: 0, unrelated: 0 };
    caches[0]?.link(['jackpot'], () => dropped.here++);
    caches[1]?.link(['jackpot', 'settings'], () => dropped.there++);
    caches[1]?.link(['content'], () => dropped.unrelated++);
    caches[0]?.changed('jackpot');
    expect(dropped.here).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    // Each node once: the node that changed it does not drop again on hearing its own message.
    expect(dropped).toEqual({ here: 1, there: 1, unrelated: 0 });
  });

  it('drop everything after a gap in delivery', async () => {
    const { caches, gap } = await nodes(1);
    const dropped: string[] = [];
    caches[0]?.link(['settings'], () => dropped.push('settings'));
    caches[0]?.link(['card-rooms'], () => dropped.push('card-rooms'));
    gap();
    expect(dropped.sort()).toEqual(['card-rooms', 'settings']);
  });
});

describe('a shared value', () => {
  it('is loaded once for callers that find it missing together, and kept', async () => {
    const { caches } = await nodes(1);
    const db = { reads: 0, load: async () => ++db.reads };
    const value = new SharedValue(caches[0] as SharedCaches, ['jackpot'], () => db.load());
    expect(await Promise.all([value.get(), value.get(), value.get()])).toEqual([1, 1, 1]);
    expect(await value.get()).toBe(1);
    caches[0]?.changed('jackpot');
    expect(await value.get()).toBe(2);
  });

  it('does not keep what a load read before a change it finished after', async () => {
    const { caches } = await nodes(1);
    let reads = 0;
    let finish: (value: string) => void = () => {};
    const value = new SharedValue(caches[0] as SharedCaches, ['settings'], () => {
      reads++;
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    });
    const early = value.get();
    caches[0]?.changed('settings');
    finish('old');
    expect(await early).toBe('old');
    const late = value.get();
    expect(reads).toBe(2);
    finish('new');
    expect(await late).toBe('new');
    expect(await value.get()).toBe('new');
    expect(reads).toBe(2);
  });

  it('is read again once older than its age limit', async () => {
    const { caches } = await nodes(1);
    const db = { reads: 0, load: async () => ++db.reads };
    const value = new SharedValue(caches[0] as SharedCaches, ['content'], () => db.load(), 30);
    expect(await value.get()).toBe(1);
    expect(await value.get()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await value.get()).toBe(2);
  });
});
