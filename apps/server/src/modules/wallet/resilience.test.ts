// Failure modes that only a real PostgreSQL shows: an exhausted connection pool, and the server killed mid-load.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection.ts';
import { jobStoreSchema } from '../../jobs/store.ts';
import { call, startTestPortal } from '../../test/harness.ts';
import { bearer, EN, registered } from '../../test/members.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('on PostgreSQL', () => {
  it('answers a fast 503 when every pooled connection is busy, never a hang', async () => {
    const portal = await startTestPortal({ DATABASE_POOL_SIZE: '2', DATABASE_ACQUIRE_TIMEOUT_MS: '300' });
    let busy: Promise<unknown>[] = [];
    try {
      const member = await registered(portal.app);
      busy = [1, 2].map(() =>
        portal.database.db.connection().execute((connection) => sql`SELECT pg_sleep(2)`.execute(connection)),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = performance.now();
      const response = await call(portal.app, {
        method: 'GET',
        url: '/wps/member/info/funds/consolidated',
        headers: { ...bearer(member.token), ...EN },
      });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(503);
      expect(response.body.message).toBe('Network link is abnormal, please try again');
      expect(elapsed).toBeLessThan(1500);
      await Promise.all(busy);
      const after = await call(portal.app, {
        method: 'GET',
        url: '/wps/member/info/funds/consolidated',
        headers: bearer(member.token),
      });
      expect(after.status).toBe(200);
    } finally {
      await Promise.allSettled(busy);
      await portal.close();
    }
  });

  describe('the server killed mid-load', () => {
    const schema = `kill_${process.pid}_${randomBytes(3).toString('hex')}`;
    let server: ChildProcess | undefined;
    afterAll(async () => {
      server?.kill('SIGKILL');
      const database = await openDatabase({ url });
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)}, ${sql.id(jobStoreSchema({ schema }))} CASCADE`.execute(
        database.db,
      );
      await database.close();
    });

    it('restarts with balanced books, every acknowledged movement kept and no half-written entry', async () => {
      const port = await freePort();
      const start = () => startServer(port, schema);
      server = await start();
      const base = `http://127.0.0.1:${port}`;
      const admin = await adminToken(base);

      const acknowledged: string[] = [];
      let stop = false;
      const worker = async (account: string, sign: '' | '-') => {
        while (!stop) {
          const key = randomUUID();
          const amount = sign === '' ? '3.00' : '-1.00';
          try {
            const response = await fetch(`${base}/admin/api/members/${account}/adjustments`, {
              method: 'POST',
              headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify({ amount, reason: 'load' }),
            });
            if (response.status === 200) acknowledged.push(key);
          } catch {
            return;
          }
        }
      };
      const workers = Array.from({ length: 16 }, (_, i) =>
        worker(i % 2 === 0 ? 'demo' : 'demoagent', i % 4 === 3 ? '-' : ''),
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      server.kill('SIGKILL');
      await new Promise((resolve) => server?.once('exit', resolve));
      stop = true;
      await Promise.all(workers);
      expect(acknowledged.length).toBeGreaterThan(50);

      server = await start();
      const reconciled = await fetch(`${base}/admin/api/ledger/reconcile`, {
        headers: { authorization: `Bearer ${await adminToken(base)}` },
      }).then((r) => r.json() as Promise<{ value: unknown }>);
      expect(reconciled.value).toMatchObject({ ok: true, unbalancedEntries: [], wrongBalances: [], total: '0' });

      const database = await openDatabase({ url, schema });
      try {
        const orphans = await sql<{ n: string }>`
          SELECT count(*)::text AS n FROM journal_entries e
           WHERE NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.entry_id = e.id)`.execute(database.db);
        expect(orphans.rows[0]?.n).toBe('0');
        const kept = await database.db
          .selectFrom('journal_entries')
          .select('idempotency_key')
          .where(
            'idempotency_key',
            'in',
            acknowledged.map((key) => `adjustment:${key}`),
          )
          .execute();
        expect(kept).toHaveLength(acknowledged.length);
      } finally {
        await database.close();
      }
    }, 90_000);
  });
});

const ADMIN_PASSWORD = 'kill-test-operator-password';

async function adminToken(base: string): Promise<string> {
  const response = await fetch(`${base}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  return ((await response.json()) as { value: { token: string } }).value.token;
}

function startServer(port: number, schema: string): Promise<ChildProcess> {
  const root = path.resolve(import.meta.dirname, '../../../../..');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 30 s')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Portal running')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
