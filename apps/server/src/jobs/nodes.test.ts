// Two real server processes on one PostgreSQL schema, with one-second job windows: each window's job runs once
// across both, and work whose window ended while both were down is done at the next start.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/connection.ts';
import { jobStoreSchema } from './store.ts';

const url = process.env.TEST_DATABASE_URL;
const WINDOW_KINDS = ['wallet.expire-deposits', 'wallet.force-receipts', 'house-games.finish-rounds'];

interface StoredJob {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  key: string;
  node: string | null;
  expired: number | null;
  completed_on: Date | null;
}

describe.skipIf(!url)('jobs on two server processes', () => {
  const schema = `jobs_${process.pid}_${randomBytes(3).toString('hex')}`;
  const servers = new Set<ChildProcess>();
  let database: DatabaseHandle | undefined;
  afterAll(async () => {
    for (const server of servers) server.kill('SIGKILL');
    const admin = await openDatabase({ url });
    await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(admin.db);
    await sql`DROP SCHEMA IF EXISTS ${sql.id(jobStoreSchema({ schema }))} CASCADE`.execute(admin.db);
    await admin.close();
    await database?.close();
  });

  async function jobsOf(db: DatabaseHandle): Promise<StoredJob[]> {
    const table = sql.id(jobStoreSchema({ schema }), 'job');
    const result = await sql<StoredJob>`
      SELECT id, name, state::text AS state, retry_count, data->>'key' AS key, output->>'node' AS node,
             (output->'result'->>'expired')::int AS expired, completed_on
        FROM ${table}
       WHERE name IN (${sql.join(WINDOW_KINDS)})
       ORDER BY name, data->>'key'`.execute(db.db);
    return result.rows;
  }

  it('runs each window once across both nodes, and a window missed while both were down at the next start', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    // One after the other: the first start migrates and seeds the demo data.
    const a = await startServer(portA, schema);
    const b = await startServer(portB, schema);
    servers.add(a.child).add(b.child);
    database = await openDatabase({ url, schema });
    const db = database.db;
    await pause(5000);
    // Both nodes take part; on a busy machine the second may need longer than five windows to claim its first job
    // (each node catches up the demo data's settlements and roll-up at its start).
    const nodesThatRan = async (within: DatabaseHandle) =>
      new Set((await jobsOf(within)).filter((job) => job.state === 'completed').map((job) => job.node)).size;
    await until(async () => (await nodesThatRan(database as DatabaseHandle)) === 2, 30_000);
    // A deposit order whose deadline will pass while both servers are down.
    const member = await db.selectFrom('members').select('id').where('account', '=', 'demo').executeTakeFirstOrThrow();
    const channel = await db
      .selectFrom('payment_channels')
      .select(['id', 'currency'])
      .where('code', '=', 'bkash')
      .executeTakeFirstOrThrow();
    const orderNo = `D${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await db
      .insertInto('deposit_orders')
      .values({
        order_no: orderNo,
        member_id: member.id,
        channel_id: channel.id,
        amount_minor: '50000',
        currency: channel.currency,
        request_key: randomUUID(),
        expires_at: new Date(Date.now() + 1500),
      })
      .execute();

    const stopping = performance.now();
    expect(await Promise.all([stop(a.child), stop(b.child)])).toEqual([0, 0]);
    // A clean stop: each node finishes or hands back its jobs quickly.
    expect(performance.now() - stopping).toBeLessThan(5000);
    servers.clear();
    const downSince = Date.now();

    // (a) While both ran, every window of every periodic kind was sent once, as one job, run once.
    const before = await jobsOf(database);
    const keys = await db
      .selectFrom('job_keys')
      .select(['kind', 'key', 'job_id', 'window_start'])
      .where('kind', 'in', WINDOW_KINDS)
      .orderBy('kind')
      .orderBy('window_start')
      .execute();
    expect(keys.length).toBeGreaterThanOrEqual(3 * 4);
    expect(before.map((job) => job.id).sort()).toEqual(keys.map((row) => row.job_id).sort());
    expect(new Set(before.map((job) => `${job.name} ${job.key}`)).size).toBe(before.length);
    // Each ran once, but for a window sent just as the nodes stopped, whose job waits for the next start.
    for (const job of before) {
      expect(job.retry_count, job.key).toBe(0);
      if (job.state === 'created') {
        const newest = before.filter((other) => other.name === job.name).map((other) => other.key);
        expect(job.key).toBe(newest.sort().at(-1));
      } else {
        expect(job.state, job.key).toBe('completed');
      }
    }
    // Both nodes took part: whichever claims a job first runs it.
    const ran = before.filter((job) => job.state === 'completed');
    expect(new Set(ran.map((job) => job.node))).toEqual(new Set([a.node, b.node]));
    // Both nodes schedule every window; no window is missing while they ran.
    for (const kind of WINDOW_KINDS) {
      const starts = keys.filter((row) => row.kind === kind).map((row) => new Date(row.window_start as Date).getTime());
      const sinceBothUp = starts.filter((start) => start >= b.upAt);
      expect(sinceBothUp.length, kind).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < sinceBothUp.length; i++)
        expect((sinceBothUp[i] as number) - (sinceBothUp[i - 1] as number)).toBe(1000);
    }
    const order = () =>
      db
        .selectFrom('deposit_orders')
        .select(['status', 'expires_at'])
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow();
    expect((await order()).status).toBe('created');

    // (b) Both down for a few windows: the deadline passes with no node running.
    await pause(3000);
    const missed = await order();
    expect(missed.status).toBe('created');
    expect(new Date(missed.expires_at).getTime()).toBeGreaterThan(downSince);
    expect(new Date(missed.expires_at).getTime()).toBeLessThan(Date.now());
    const lastSent = Math.max(...keys.map((row) => new Date(row.window_start as Date).getTime()));

    const c = await startServer(portA, schema);
    servers.add(c.child);
    await until(async () => (await order()).status === 'expired', 10_000);
    const caughtUp = await db
      .selectFrom('job_keys')
      .select(['key', 'job_id', 'window_start'])
      .where('kind', '=', 'wallet.expire-deposits')
      .where('window_start', '>', new Date(lastSent))
      .orderBy('window_start')
      .executeTakeFirstOrThrow();
    // The first window sent after the restart ended while no node ran, and its job did the expiry.
    const caughtUpEnd = new Date(caughtUp.window_start as Date).getTime() + 1000;
    expect(caughtUpEnd).toBeGreaterThan(downSince);
    expect(caughtUpEnd).toBeLessThanOrEqual(c.upAt);
    // (The order's update commits before the job is marked done.)
    const job = async () => (await jobsOf(database as DatabaseHandle)).find((row) => row.id === caughtUp.job_id);
    await until(async () => (await job())?.state === 'completed', 5000);
    expect(await job()).toMatchObject({ name: 'wallet.expire-deposits', node: c.node });
    // The restarted node expired the order once: in the caught-up window's job, or in a job sent just before the
    // stop and left waiting for the next start, whichever it ran first.
    const restartedRuns = (await jobsOf(database)).filter(
      (row) => row.name === 'wallet.expire-deposits' && row.node === c.node,
    );
    expect(restartedRuns.reduce((sum, row) => sum + (row.expired ?? 0), 0)).toBe(1);
    expect(await stop(c.child)).toBe(0);
    servers.clear();
  }, 90_000);
});

const ADMIN_PASSWORD = 'jobs-test-operator-password';

/** A server process; `upAt` is when it answered that it runs, `node` the name its jobs record. */
async function startServer(port: number, schema: string): Promise<{ child: ChildProcess; node: string; upAt: number }> {
  const root = path.resolve(import.meta.dirname, '../../../..');
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
      WALLET_SWEEP_MS: '1000',
      HOUSE_SWEEP_MS: '1000',
      JOBS_POLL_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 30 s')), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Portal running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, node: `${os.hostname()}:${child.pid}`, upAt: Date.now() };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
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

async function until(probe: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await pause(100);
  }
}

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
