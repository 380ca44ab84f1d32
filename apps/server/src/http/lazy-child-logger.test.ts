import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-child-logger.ts';

describe('lazyChildLoggerFactory', () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  async function appLogging(level: string, lines: string[]) {
    const app = Fastify({
      logger: { level, stream: { write: (line: string) => lines.push(line) } },
      childLoggerFactory: lazyChildLoggerFactory,
    });
    apps.push(app);
    app.get('/quiet', async (request) => {
      request.log.info('not at warn');
      request.log.debug({ detail: 1 }, 'not at warn either');
      return { ok: true };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ vendor: 'JILI' }, 'something to see');
      request.log.error(new Error('boom'));
      return { ok: true };
    });
    await app.ready();
    return app;
  }

  it('makes no child for a request that logs nothing at an enabled level', async () => {
    const lines: string[] = [];
    const app = await appLogging('warn', lines);
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('logs enabled levels through one child that carries the request id', async () => {
    const lines: string[] = [];
    const app = await appLogging('warn', lines);
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ url: '/loud' });
    expect(child).toHaveBeenCalledTimes(1);
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.map((l) => [l.level, l.msg])).toEqual([
      [40, 'something to see'],
      [50, 'boom'],
    ]);
    expect(logged[0]).toMatchObject({ vendor: 'JILI', reqId: expect.any(String) });
    expect(logged[1].reqId).toBe(logged[0].reqId);
    expect(logged[1].err.message).toBe('boom');
  });

  it('follows the level: at info the same calls are written', async () => {
    const lines: string[] = [];
    const app = await appLogging('info', lines);
    await app.inject({ url: '/quiet' });
    const messages = lines.map((line) => JSON.parse(line)).filter((l) => l.reqId);
    // Fastify's own request lines and the route's info line, all with the request id; no debug line.
    expect(messages.map((l) => l.msg)).toEqual(['incoming request', 'not at warn', 'request completed']);
  });
});
