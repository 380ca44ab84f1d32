import { describe, expect, it } from 'vitest';
import { useTestPortal } from '../test/harness.ts';
import { sleep } from '../test/members.ts';
import { DatabaseStore } from './ephemeral-store.ts';

// The store every node uses without Redis (on PGlite too), tested on whichever database the suite runs on.
const test = useTestPortal();
const store = () => new DatabaseStore(test.portal.database.db);
let next = 0;
const key = (name: string) => `test:${name}:${Date.now()}:${next++}`;

describe('the database-backed ephemeral store', () => {
  it('counts within a window that starts at the first hit, then starts again', async () => {
    const s = store();
    const k = key('count');
    expect(await s.increment(k, 400)).toBe(1);
    expect(await s.increment(k, 400)).toBe(2);
    expect(await s.count(k)).toBe(2);
    await sleep(450);
    expect(await s.count(k)).toBe(0);
    expect(await s.increment(k, 400)).toBe(1);
  });

  it('counts every one of many simultaneous hits once', async () => {
    const s = store();
    const k = key('race');
    const counts = await Promise.all(Array.from({ length: 25 }, () => s.increment(k, 60_000)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('puts only when absent, where asked, and an expired value counts as absent', async () => {
    const s = store();
    const k = key('put');
    expect(await s.put(k, 'first', 300, true)).toBe(true);
    expect(await s.put(k, 'second', 300, true)).toBe(false);
    expect(await s.read(k)).toBe('first');
    expect(await s.put(k, 'third', 300)).toBe(true);
    expect(await s.read(k)).toBe('third');
    await sleep(350);
    expect(await s.read(k)).toBeNull();
    expect(await s.put(k, 'fourth', 300, true)).toBe(true);
    expect(await s.read(k)).toBe('fourth');
  });

  it('gives a one-time value to one taker only', async () => {
    const s = store();
    const k = key('take');
    await s.put(k, 'answer', 60_000);
    const taken = await Promise.all(Array.from({ length: 10 }, () => s.take(k)));
    expect(taken.filter((value) => value === 'answer')).toHaveLength(1);
    expect(taken.filter((value) => value === null)).toHaveLength(9);
    await s.put(k, 'late', 1);
    await sleep(20);
    expect(await s.take(k)).toBeNull();
  });

  it('tells the time left and removes keys', async () => {
    const s = store();
    const [a, b] = [key('lock'), key('other')];
    await s.put(a, '1', 10_000);
    await s.put(b, '1', 10_000);
    const left = await s.remainingMs(a);
    expect(left).toBeGreaterThan(9_000);
    expect(left).toBeLessThanOrEqual(10_000);
    await s.remove(a, b);
    expect(await s.remainingMs(a)).toBe(0);
    expect(await s.read(b)).toBeNull();
  });

  it('inspects several keys in one call, absent and expired ones as null', async () => {
    const s = store();
    const [lock, count, absent, gone, odd] = [
      key('lock'),
      key('count'),
      key('absent'),
      key('gone'),
      `${key('odd')}\u0000`,
    ];
    await s.put(lock, '1', 10_000);
    await s.increment(count, 10_000);
    await s.increment(count, 10_000);
    await s.put(gone, '1', 1);
    await s.put(odd, 'x', 10_000);
    await sleep(20);
    const [l, c, a, g, o] = await s.inspect(lock, count, absent, gone, odd);
    expect(l?.value).toBe('1');
    expect(l?.remainingMs).toBeGreaterThan(9_000);
    expect(c?.value).toBe('2');
    expect(a).toEqual({ value: null, remainingMs: 0 });
    expect(g).toEqual({ value: null, remainingMs: 0 });
    expect(o?.value).toBe('x');
  });

  it('stores keys PostgreSQL text cannot hold, and very long ones, apart from each other', async () => {
    const s = store();
    const odd = [`${key('nul')}\u0000x`, `${key('surrogate')}\uD800`, `${key('long')}${'y'.repeat(10_000)}`];
    for (const [i, k] of odd.entries()) await s.put(k, String(i), 60_000);
    expect(await Promise.all(odd.map((k) => s.read(k)))).toEqual(['0', '1', '2']);
    expect(await s.increment(odd[0] as string, 60_000)).toBe(1);
  });

  it('sweeps the expired rows and only those', async () => {
    const db = test.portal.database.db;
    const s = store();
    const expired = [key('old'), key('old'), key('old')];
    const live = key('new');
    for (const k of expired) await s.put(k, '1', 1);
    await s.put(live, '1', 60_000);
    await sleep(20);
    const left = () =>
      db
        .selectFrom('ephemeral_values')
        .select('key')
        .where('key', 'in', [...expired, live])
        .execute();
    expect(await left()).toHaveLength(4);
    expect(await s.sweep()).toBeGreaterThanOrEqual(3);
    expect((await left()).map((row) => row.key)).toEqual([live]);
  });
});
