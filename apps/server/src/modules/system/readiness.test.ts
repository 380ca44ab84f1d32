import net from 'node:net';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { call, startTestPortal, type TestPortal } from '../../test/harness.ts';
import { Readiness, redisCheck } from './readiness.ts';
import { RegionPolicy } from './region.ts';
import { systemRoutes } from './routes.ts';
import { SystemService } from './service.ts';

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('Readiness', () => {
  it('is ready when every check passes, and names the ones that fail or hang', async () => {
    expect(await new Readiness({ database: async () => 1 }).check()).toEqual({ ready: true, failing: [] });
    const readiness = new Readiness(
      {
        database: async () => 1,
        redis: async () => Promise.reject(new Error('ECONNREFUSED')),
        slow: () => new Promise(() => {}),
      },
      50,
    );
    expect(await readiness.check()).toEqual({ ready: false, failing: ['redis', 'slow'] });
  });

  it('is not ready once shutdown has begun, without asking its dependencies', async () => {
    let asked = 0;
    const readiness = new Readiness({ database: async () => asked++ });
    readiness.beginShutdown();
    expect(await readiness.check()).toEqual({ ready: false, failing: ['shutdown'] });
    expect(asked).toBe(0);
  });

  it('fails the Redis check while Redis is unreachable', async () => {
    // The options main.ts gives its client.
    const redis = new Redis({ host: '127.0.0.1', port: await closedPort(), maxRetriesPerRequest: 2 });
    redis.on('error', () => {});
    try {
      expect(await new Readiness({ redis: redisCheck(redis) }, 1500).check()).toEqual({
        ready: false,
        failing: ['redis'],
      });
    } finally {
      redis.disconnect();
    }
  });
});

describe('/readyz', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.close());

  /** The system routes alone, on the test portal's database, with `redis` as the configured Redis. */
  async function systemApp(redis?: Redis) {
    const app = Fastify();
    registerErrorHandler(app);
    const region = await RegionPolicy.create(undefined);
    const system = new SystemService(portal.database.db, portal.app.services.settings, region, redis);
    await app.register(systemRoutes, { system });
    return { app, system };
  }

  it('answers 503 with Redis configured but unreachable, 200 without Redis', async () => {
    const redis = new Redis({ host: '127.0.0.1', port: await closedPort(), maxRetriesPerRequest: 2 });
    redis.on('error', () => {});
    const withRedis = await systemApp(redis);
    const without = await systemApp();
    try {
      expect(await call(withRedis.app, { method: 'GET', url: '/readyz' })).toMatchObject({
        status: 503,
        body: { success: false, code: 'SERVICE_UNAVAILABLE' },
      });
      expect(await call(without.app, { method: 'GET', url: '/readyz' })).toMatchObject({
        status: 200,
        body: { success: true, code: 'OK' },
      });
    } finally {
      await Promise.all([withRedis.app.close(), without.app.close()]);
      redis.disconnect();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)('answers 200 with a reachable Redis', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL as string);
    const { app } = await systemApp(redis);
    try {
      expect((await call(app, { method: 'GET', url: '/readyz' })).status).toBe(200);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });

  it('reports not ready as soon as the app begins to close (its preClose hook)', async () => {
    const { app, system } = await systemApp();
    expect((await system.ready()).ready).toBe(true);
    await app.close();
    expect(await system.ready()).toEqual({ ready: false, failing: ['shutdown'] });
  });

  // Last: the shared portal stays out of rotation afterwards.
  it('answers 503 once shutdown has begun, so a load balancer drains the node', async () => {
    expect((await call(portal.app, { method: 'GET', url: '/readyz' })).status).toBe(200);
    portal.app.services.system.beginShutdown();
    expect(await call(portal.app, { method: 'GET', url: '/readyz' })).toMatchObject({
      status: 503,
      body: { success: false, code: 'SERVICE_UNAVAILABLE' },
    });
    // Liveness is another question: the process still answers.
    expect((await call(portal.app, { method: 'GET', url: '/healthz' })).status).toBe(200);
  });
});
