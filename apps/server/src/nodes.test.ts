import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { HOUSE_VENDOR } from '@portal/shared/house-games';
import { SIGNATURE_HEADER, signBody } from '@portal/shared/vendor-protocol';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type DatabaseHandle, openDatabase } from './db/connection.ts';

// Two real API nodes (processes of main.ts) on one PostgreSQL schema and no Redis, as a deployment of two nodes
// behind a load balancer without Redis runs. What one node does, the other must see at once: a logout, a lock, and
// within a second any change an operator makes.
const url = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../..');
const ADMIN = { username: 'nodesoperator', password: 'nodes-operator-password-1' };
const PASSWORD = 'Secret123';
/** The most an operator's change may take to reach the other node. */
const AGREE_WITHIN_MS = 1_000;

let nextAddress = 0;
/** Every call comes from its own address (X-Forwarded-For, with TRUST_PROXY), so per-address limits stay apart. */
const address = () => {
  nextAddress++;
  return `10.77.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read here field by field.
  body: { success: boolean; code: string; value?: any };
}

class Node {
  readonly output: string[] = [];
  constructor(
    readonly name: string,
    readonly base: string,
    readonly child: ChildProcess,
  ) {
    child.stdout?.on('data', (chunk) => this.output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => this.output.push(String(chunk)));
  }

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const response = await fetch(this.base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-forwarded-for': address(),
        'accept-language': 'en',
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  /** A call that must succeed; returns its value. */
  async value(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const answer = await this.call(method, url, body, headers);
    if (!answer.body.success)
      throw new Error(`${this.name} ${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.value;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startNode(name: string, schema: string): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATABASE_SCHEMA: schema,
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      SEED_DEMO: 'true',
      WEB_DIST: '/nonexistent',
      ADMIN_USER: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // Kept for a minute: only the nodes' agreement, not an expiry, can bring a change across within a second.
      SETTINGS_CACHE_MS: '60000',
      CONTENT_CACHE_MS: '60000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node = new Node(name, `http://127.0.0.1:${port}`, child);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${node.output.join('')}`);
    const ready = await fetch(`${node.base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return node;
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} was not ready within 90 s: ${node.output.join('')}`);
}

function stopNode(node: Node | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!node || node.child.exitCode !== null) return resolve();
    node.child.once('exit', () => resolve());
    node.child.kill('SIGTERM');
    setTimeout(() => node.child.kill('SIGKILL'), 10_000).unref();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds until `read` gives what `seen` wants; fails past AGREE_WITHIN_MS. */
async function agreeWithin<T>(read: () => Promise<T>, seen: (value: T) => boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    const value = await read();
    const elapsed = performance.now() - started;
    if (seen(value)) return elapsed;
    if (elapsed > AGREE_WITHIN_MS) throw new Error(`not seen within ${AGREE_WITHIN_MS} ms: ${JSON.stringify(value)}`);
    await sleep(10);
  }
}

describe.skipIf(!url)('two nodes on one PostgreSQL without Redis', () => {
  const schema = `t_nodes_${process.pid}_${randomBytes(4).toString('hex')}`;
  let a: Node;
  let b: Node;
  let database: DatabaseHandle;
  const admin: Record<'a' | 'b', Record<string, string>> = { a: {}, b: {} };

  beforeAll(async () => {
    database = await openDatabase({ url });
    // One after the other: the first migrates and loads the demo data, the second finds them there.
    a = await startNode('A', schema);
    b = await startNode('B', schema);
    for (const [key, node] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const { token } = await node.value('POST', '/admin/api/session', ADMIN);
      admin[key] = { authorization: `Bearer ${token}` };
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([stopNode(a), stopNode(b)]);
    try {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(database.db);
    } finally {
      await database.close();
    }
  }, 30_000);

  async function member(): Promise<string> {
    const account = `n${randomBytes(5).toString('hex')}`;
    await a.value('POST', '/admin/api/members', { account, password: PASSWORD, type: 0 }, admin.a);
    return account;
  }

  const login = (node: Node, account: string, password = PASSWORD) =>
    node.call('POST', '/wps/session/login', { type: 'username', username: account, password });

  it('refuses on B, at the next request, a token logged out on A', async () => {
    const account = await member();
    const { token } = await a.value('POST', '/wps/session/login', { username: account, password: PASSWORD });
    const auth = { authorization: `Bearer ${token}` };
    expect((await b.call('GET', '/wps/member/info', undefined, auth)).status).toBe(200);
    expect((await a.call('GET', '/wps/member/info', undefined, auth)).status).toBe(200);
    expect((await a.call('DELETE', '/wps/session/logout', undefined, auth)).status).toBe(200);
    const after = await b.call('GET', '/wps/member/info', undefined, auth);
    expect(after.status).toBe(401);
  });

  it('keeps an account locked by ten failed logins on A from logging in on B', async () => {
    const account = await member();
    for (let i = 0; i < 10; i++) expect((await login(a, account, 'Wrong1234')).status).toBeGreaterThanOrEqual(400);
    const refused = await login(b, account);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('ACCOUNT_LOCKED');
  });

  it('counts failed logins of both nodes towards one lock', async () => {
    const account = await member();
    for (let i = 0; i < 10; i++) await login(i % 2 === 0 ? a : b, account, 'Wrong1234');
    expect((await login(a, account)).body.code).toBe('ACCOUNT_LOCKED');
    expect((await login(b, account)).body.code).toBe('ACCOUNT_LOCKED');
  });

  it('takes on B a captcha drawn on A, once', async () => {
    const response = await fetch(`${a.base}/wps/captcha`, { headers: { 'x-forwarded-for': address() } });
    const id = response.headers.get('x-captcha-id') ?? '';
    expect(id).not.toBe('');
    const kept = async () =>
      (
        await sql<{ key: string }>`SELECT key FROM ${sql.table(`${schema}.ephemeral_values`)}
          WHERE key = ${`captcha:${id}`}`.execute(database.db)
      ).rows.length;
    expect(await kept()).toBe(1);
    // Its text is random (unknown here): a wrong answer on B uses it up, which shows that B found it.
    const answer = await b.call(
      'PUT',
      '/wps/member/register',
      {
        username: `c${randomBytes(5).toString('hex')}`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
        captcha: '0000',
      },
      { 'x-captcha-id': id },
    );
    expect(answer.body.code).toBe('CAPTCHA_INVALID');
    expect(await kept()).toBe(0);
  });

  it('pushes to a socket held by B the balance moved on A', async () => {
    const account = await member();
    const { token } = await a.value('POST', '/wps/session/login', { username: account, password: PASSWORD });
    const socket = new WebSocket(`${b.base.replace('http', 'ws')}/wps/ws`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address() },
    });
    try {
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const pushed = new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push within 5 s')), 5000);
        socket.once('message', (data) => {
          clearTimeout(timer);
          resolve(JSON.parse(String(data)));
        });
      });
      await a.value(
        'POST',
        `/admin/api/members/${account}/adjustments`,
        { amount: '42.00', reason: 'nodes test' },
        {
          ...admin.a,
          'idempotency-key': randomUUID(),
        },
      );
      expect(await pushed).toEqual({ type: 'balance', sumBalance: '42.00', currency: 'BDT' });
    } finally {
      socket.terminate();
    }
  });

  /** The vendors of the catalogue as B lists them, as code/gameType, the house's own left out. */
  const vendorsOnB = async () =>
    (
      (await b.value('GET', '/wps/relay/GCSGAME_getVassGameType')) as {
        gameType: string;
        vendors: { vassalage: string }[];
      }[]
    )
      .flatMap((type) => type.vendors.map((vendor) => `${vendor.vassalage}/${type.gameType}`))
      .filter((vendor) => !vendor.startsWith(`${HOUSE_VENDOR}/`));

  describe('an operator change on A is seen on B within a second', () => {
    const took: Record<string, number> = {};
    afterAll(() => {
      console.log(`operator changes reached the other node in (ms): ${JSON.stringify(took)}`);
    });

    it('the jackpot share', async () => {
      const share = async () => (await b.value('GET', '/house/api/slot/info')).jackpotSharePercent as number;
      const before = await share();
      const next = before === 2 ? 3 : 2;
      await a.value('PATCH', '/admin/api/jackpots/house_slot', { shareBp: next * 100 }, admin.a);
      took.jackpot = await agreeWithin(share, (value) => value === next);
    });

    it('a brand setting', async () => {
      const brandName = async () => (await b.value('GET', '/wps/system/permission')).settings.brandName as string;
      expect(await brandName()).not.toBe('Nodes Agree');
      const brand = await a.value('GET', '/admin/api/settings/brand', undefined, admin.a);
      await a.value('PUT', '/admin/api/settings/brand', { ...brand, brandName: 'Nodes Agree' }, admin.a);
      took.brand = await agreeWithin(brandName, (value) => value === 'Nodes Agree');
    });

    it('a feature flag', async () => {
      const flag = async () => (await b.value('GET', '/wps/system/permission')).settings.flags.FREEPLAY3 as boolean;
      const before = await flag();
      await a.value('PUT', '/admin/api/flags', { FREEPLAY3: !before }, admin.a);
      took.flag = await agreeWithin(flag, (value) => value === !before);
    });

    it('a vendor switched off in the catalogue', async () => {
      const [first] = await vendorsOnB();
      expect(first).toBeDefined();
      await a.value('PATCH', `/admin/api/vendors/${first}`, { enabled: false }, admin.a);
      took.catalogue = await agreeWithin(vendorsOnB, (list) => !list.includes(first as string));
    });

    it('a vendor integration switched off', async () => {
      const vendor = (await vendorsOnB())[0]?.split('/')[0] as string;
      const secret = randomBytes(32).toString('hex');
      await a.value(
        'PUT',
        `/admin/api/vendor-integrations/${vendor}`,
        { secret, currency: 'BDT', enabled: true },
        admin.a,
      );
      const authenticate = async () => {
        const body = JSON.stringify({ token: 'no-such-launch-token-0000' });
        const answer = await b.call('POST', `/vendor/${vendor}/authenticate`, body, {
          [SIGNATURE_HEADER]: signBody(secret, body),
        });
        return answer.body.code;
      };
      // B knows the vendor as switched on (and keeps it) before the operator switches it off on A.
      await agreeWithin(authenticate, (code) => code === 'SESSION_EXPIRED');
      await a.value('PUT', `/admin/api/vendor-integrations/${vendor}`, { currency: 'BDT', enabled: false }, admin.a);
      took.vendorIntegration = await agreeWithin(authenticate, (code) => code === 'VENDOR_DISABLED');
    });

    it('a notice', async () => {
      const titles = async () =>
        ((await b.value('GET', '/wps/relay/MCSFE_getListAnnouncements')).player as { title: string }[]).map(
          (notice) => notice.title,
        );
      expect(await titles()).not.toContain('Nodes agree');
      await a.call(
        'POST',
        '/admin/api/notices',
        { type: 'PL', title: { en: 'Nodes agree' }, content: { en: 'x' } },
        admin.a,
      );
      took.notice = await agreeWithin(titles, (list) => list.includes('Nodes agree'));
    });

    it('a card room', async () => {
      const names = async () =>
        ((await b.value('GET', '/wps/relay/GLS2_roomList')).list as { roomId: string; roomName: string }[]).map(
          (room) => `${room.roomId}:${room.roomName}`,
        );
      const [room] = await names();
      const roomId = room?.split(':')[0] as string;
      await a.value('PATCH', `/admin/api/card-rooms/${roomId}`, { names: { en: 'Agreed table' } }, admin.a);
      took.cardRoom = await agreeWithin(names, (list) => list.includes(`${roomId}:Agreed table`));
    });
  });
});
