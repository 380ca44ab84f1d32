import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

/** A server whose one route answers through a ResponseCache, recording what each call of `send` returned. */
async function cachedServer(answer: unknown, { ttlMs = 60_000, produceMs = 0 } = {}) {
  const cache = new ResponseCache(ttlMs);
  const returned: unknown[] = [];
  let produced = 0;
  const app = Fastify();
  app.get('/answer', (request, reply) => {
    const result = cache.send(request, reply, 'answer', async () => {
      produced++;
      await sleep(produceMs);
      return answer;
    });
    returned.push(result);
    return result;
  });
  await app.ready();
  return { app, returned, produced: () => produced };
}

const LARGE = { text: 'নোটিশ '.repeat(200) };

describe('ResponseCache', () => {
  it('produces an answer once and sends a kept answer before send returns', async () => {
    const { app, returned, produced } = await cachedServer(LARGE);
    const first = await app.inject('/answer');
    const second = await app.inject('/answer');
    expect(produced()).toBe(1);
    expect(second.json()).toEqual(first.json());
    expect(second.json()).toEqual({ success: true, code: 'OK', value: LARGE });
    expect(returned[0]).toBeInstanceOf(Promise);
    expect(returned[1]).toBeUndefined();
    await app.close();
  });

  it('compresses once per encoding, then sends the kept compressed form at once', async () => {
    const { app, returned } = await cachedServer(LARGE);
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const [a, b] = await Promise.all([
      app.inject({ url: '/answer', headers }),
      app.inject({ url: '/answer', headers }),
    ]);
    const c = await app.inject({ url: '/answer', headers });
    for (const response of [a, b, c]) {
      expect(response.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'))).toEqual({
        success: true,
        code: 'OK',
        value: LARGE,
      });
    }
    expect(returned.at(-1)).toBeUndefined();
    const gzip = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(returned.at(-1)).toBeInstanceOf(Promise);
    await app.close();
  });

  it('makes one answer for requests that miss together, also when the kept one expires', async () => {
    const { app, produced } = await cachedServer(LARGE, { ttlMs: 200, produceMs: 50 });
    const together = () =>
      Promise.all(
        Array.from({ length: 10 }, () => app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } })),
      );
    const first = await together();
    expect(produced()).toBe(1);
    await sleep(250);
    const afterExpiry = await together();
    expect(produced()).toBe(2);
    for (const response of [...first, ...afterExpiry]) {
      expect(JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')).value).toEqual(LARGE);
    }
    await app.close();
  });

  it('leaves small answers uncompressed', async () => {
    const { app } = await cachedServer({ small: true });
    const response = await app.inject({ url: '/answer', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ success: true, code: 'OK', value: { small: true } });
    await app.close();
  });
});
