import { randomUUID } from 'node:crypto';
import { today } from '@portal/shared/date-range';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  agentGet,
  deposit as depositAs,
  agent as makeAgent,
  player as makePlayer,
  play as playAs,
  SECRET,
  VENDOR,
  withdraw as withdrawAs,
} from '../../test/agents.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, EN, memberIdOf, registered } from '../../test/members.ts';
import { adjust, PAYMENT_PASSWORD, type WalletMember, walletMember } from '../../test/wallet.ts';

const test = useTestPortal();

const agent = (upline?: string, type = 1) => makeAgent(test, upline, type);
const player = (upline: string) => makePlayer(test, upline);
const get = (headers: Record<string, string>, url: string, query: Record<string, string | number> = {}) =>
  agentGet(test, headers, url, query);
const deposit = (member: WalletMember, amount: string) => depositAs(test, member, amount);
const withdraw = (member: WalletMember, amount: string) => withdrawAs(test, member, amount);
const play = (member: WalletMember, rounds: { bet: string; win?: string; rollback?: boolean }[]) =>
  playAs(test, member, rounds);

/** A call with the endpoint's method (a JSON body for writes). */
function send(headers: Record<string, string>, method: string, url: string, payload?: unknown) {
  return call(test.portal.app, {
    method: method as InjectOptions['method'],
    url,
    headers: { ...EN, ...headers },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function move(account: string, upline: string, headers: Record<string, string> = EN) {
  return call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/members/${account}/upline`,
    headers: { ...test.admin, ...headers },
    payload: { upline },
  });
}

async function ancestors(memberId: string) {
  const rows = await test.portal.database.db
    .selectFrom('agent_tree')
    .select(['ancestor_id', 'depth'])
    .where('descendant_id', '=', memberId)
    .orderBy('depth')
    .execute();
  return rows.map((row) => [row.ancestor_id, row.depth]);
}

describe('the tree', () => {
  it('keeps every member’s ancestors for members made by the operator and by registration', async () => {
    const top = await agent();
    const sub = await agent(top.account);
    const byOperator = await player(sub.account);
    const byInvitation = await registered(test.portal.app, { affiliateCode: sub.inviteCode });
    const invitedId = await memberIdOf(test, byInvitation.username);
    expect(await ancestors(byOperator.id)).toEqual([
      [byOperator.id, 0],
      [sub.id, 1],
      [top.id, 2],
    ]);
    expect(await ancestors(invitedId)).toEqual([
      [invitedId, 0],
      [sub.id, 1],
      [top.id, 2],
    ]);
  });

  it('moves a member with its team under another agent, audited, with the history of uplines', async () => {
    const oldTop = await agent();
    const sub = await agent(oldTop.account);
    const leaf = await player(sub.account);
    const newTop = await agent();

    const moved = await move(sub.account, newTop.account);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.value).toEqual({ account: sub.account, upline: newTop.account });
    expect(await ancestors(leaf.id)).toEqual([
      [leaf.id, 0],
      [sub.id, 1],
      [newTop.id, 2],
    ]);
    const oldTeam = await get(oldTop.headers, '/wps/agent/team/members', { account: leaf.account });
    expect(oldTeam.body.value.list).toEqual([]);
    const newTeam = await get(newTop.headers, '/wps/agent/team/members', { account: leaf.account });
    expect(newTeam.body.value.list).toMatchObject([{ account: leaf.account, level: 2, upline: sub.account }]);

    const history = await test.portal.database.db
      .selectFrom('member_upline_history')
      .select(['upline_id', 'valid_from', 'valid_to'])
      .where('member_id', '=', sub.id)
      .orderBy('id')
      .execute();
    expect(history.map((row) => [row.upline_id, row.valid_to === null])).toEqual([
      [oldTop.id, false],
      [newTop.id, true],
    ]);
    expect(new Date(history[0]!.valid_to!).getTime()).toBe(new Date(history[1]!.valid_from).getTime());

    const audit = await test.portal.database.db
      .selectFrom('audit_log')
      .select(['actor', 'detail'])
      .where('action', '=', 'member.upline.move')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe('admin:operator');
    expect(audit.detail).toEqual({ account: sub.account, from: oldTop.account, to: newTop.account });
  });

  it('refuses a cycle, a non-agent upline and unknown accounts, and changes nothing', async () => {
    const top = await agent();
    const sub = await agent(top.account);
    const leaf = await player(sub.account);
    const before = await ancestors(leaf.id);

    const underOwnTeam = await move(top.account, sub.account);
    expect(underOwnTeam.status).toBe(409);
    expect(underOwnTeam.body).toMatchObject({
      code: 'UPLINE_IN_OWN_TEAM',
      message: 'A member cannot be moved under itself or under a member of its own team',
    });
    expect((await move(sub.account, sub.account)).body.code).toBe('UPLINE_IN_OWN_TEAM');

    const underPlayer = await move(sub.account, leaf.account, { 'accept-language': 'bn' });
    expect(underPlayer.status).toBe(400);
    expect(underPlayer.body).toMatchObject({
      code: 'UPLINE_NOT_AGENT',
      message: 'নতুন আপলাইন অবশ্যই একটি এজেন্ট অ্যাকাউন্ট হতে হবে',
    });
    expect((await move('nobody_here', top.account)).status).toBe(404);
    expect((await move(leaf.account, 'nobody_here')).body.code).toBe('UPLINE_NOT_FOUND');
    expect(await ancestors(leaf.id)).toEqual(before);

    // The database refuses a cycle on its own too, whoever writes the upline.
    await expect(
      test.portal.database.db.updateTable('members').set({ upline_id: leaf.id }).where('id', '=', top.id).execute(),
    ).rejects.toThrow(/cannot move under its own team member/);
    expect(await ancestors(leaf.id)).toEqual(before);
  });
  it('equals the closure of members.upline_id for every member, the seeded ones included', async () => {
    const { rows } = await sql<{ missing: string; extra: string; members: string }>`
      WITH RECURSIVE chain (ancestor_id, descendant_id, depth) AS (
        SELECT id, id, 0 FROM members
        UNION ALL
        SELECT m.upline_id, c.descendant_id, c.depth + 1 FROM chain c JOIN members m ON m.id = c.ancestor_id
         WHERE m.upline_id IS NOT NULL)
      SELECT (SELECT count(*) FROM (SELECT * FROM chain EXCEPT SELECT * FROM agent_tree) x) AS missing,
             (SELECT count(*) FROM (SELECT * FROM agent_tree EXCEPT SELECT * FROM chain) x) AS extra,
             (SELECT count(*) FROM members WHERE upline_id IS NOT NULL) AS members`.execute(test.portal.database.db);
    expect(rows[0]).toMatchObject({ missing: '0', extra: '0' });
    expect(Number(rows[0]?.members)).toBeGreaterThan(5);
  });
});

describe('authorization of the agent centre', () => {
  let a: Agent;
  let b: Agent;
  let bSub: Agent;
  let bLeaf: { account: string };
  let aLeaf: { account: string };
  let bLink: { id: string; code: string };

  beforeAll(async () => {
    a = await agent();
    b = await agent();
    bSub = await agent(b.account);
    bLeaf = await player(bSub.account);
    aLeaf = await player(a.account);
    await adjust(test, bLeaf.account, '123.45');
    const link = await send(b.headers, 'POST', '/wps/agent/links', { source: 'b-secret-source', note: 'b note' });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    bLink = link.body.value;
  });

  /** Visitors' calls under /wps/agent/: checking an invitation code at registration (spec section 5). */
  const PUBLIC_AGENT_PATHS = ['/wps/agent/affiliate'];

  /**
   * Every path under /wps/agent/ the OpenAPI document lists but the visitors' ones, with its query and path
   * parameters.
   */
  async function agentEndpoints() {
    const doc = await test.portal.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = doc.json().paths as Record<string, Record<string, { parameters?: OpenApiParameter[] }>>;
    return Object.entries(paths)
      .filter(([path]) => path.startsWith('/wps/agent/') && !PUBLIC_AGENT_PATHS.includes(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          path,
          method: method.toUpperCase(),
          query: (operation.parameters ?? []).filter((p) => p.in === 'query'),
          params: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        })),
      );
  }

  /** The endpoint's address with every path parameter set to `value` (OpenAPI writes them `{id}`). */
  const address = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

  /** A valid query for an endpoint: the required parameters without a default (the days: today). */
  function baseQuery(query: OpenApiParameter[]): Record<string, string> {
    const day = today();
    return Object.fromEntries(
      query
        .filter((p) => p.required && p.schema?.default === undefined)
        .map((p) => [p.name, p.name === 'from' || p.name === 'to' ? day : 'x']),
    );
  }

  it('finds the agent endpoints to walk', async () => {
    const endpoints = await agentEndpoints();
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining([
        'GET /wps/agent/team/overview',
        'GET /wps/agent/team/members',
        'GET /wps/agent/team/transactions',
        'GET /wps/agent/notices',
        'GET /wps/agent/links',
        'POST /wps/agent/links',
        'PATCH /wps/agent/links/{id}',
        'POST /wps/agent/downlines',
        'GET /wps/agent/income',
        'GET /wps/agent/income/{id}',
        'GET /wps/agent/income/{id}/bets',
        'GET /wps/agent/team/betting',
        'GET /wps/agent/team/profit-loss',
      ]),
    );
  });

  it("answers another agent's members with 404 or nothing, on every endpoint and every text parameter", async () => {
    const secrets = [bSub.account, bLeaf.account, b.account, '123.45', bLink.code, 'b-secret-source', b.inviteCode];
    // The walk can see B's team: B itself finds its members through the same probes.
    const seen = await get(b.headers, '/wps/agent/team/members', { account: bLeaf.account });
    expect(JSON.stringify(seen.body)).toContain(bLeaf.account);
    const bLinks = await get(b.headers, '/wps/agent/links');
    expect(JSON.stringify(bLinks.body)).toContain(bLink.code);

    const endpoints = await agentEndpoints();
    // Every endpoint that names a thing by path (a link, a statement) answers A 404 for B's, changes nothing and
    // tells nothing (the contracts' tests do the same with a real statement of another agent).
    for (const endpoint of endpoints.filter((e) => e.params.length > 0)) {
      const bodies =
        endpoint.method === 'GET' ? [undefined] : [{ enabled: false }, { source: 'taken-by-a', note: 'x' }];
      for (const body of bodies) {
        const answer = await send(a.headers, endpoint.method, address(endpoint.path, bLink.id), body);
        expect(answer.status, endpoint.path).toBe(404);
        const text = JSON.stringify(answer.body);
        for (const secret of secrets) expect(text, endpoint.path).not.toContain(secret);
      }
    }
    const after = await get(b.headers, '/wps/agent/links');
    expect(after.body.value.list).toMatchObject([{ id: bLink.id, enabled: true, source: 'b-secret-source' }]);

    for (const endpoint of endpoints.filter((e) => e.method === 'GET' && e.params.length === 0)) {
      const probes = endpoint.query.filter(
        (p) => p.schema?.type === 'string' && !p.schema.enum && !['from', 'to', 'language'].includes(p.name),
      );
      for (const probe of probes) {
        for (const account of [bSub.account, bLeaf.account, bLeaf.account.slice(0, 4), b.account]) {
          const query = { ...baseQuery(endpoint.query), [probe.name]: account };
          const answer = await get(a.headers, endpoint.path, query);
          const label = `${endpoint.path} ${probe.name}=${account}`;
          expect([200, 404], label).toContain(answer.status);
          const text = JSON.stringify(answer.body);
          for (const secret of secrets) expect(text, label).not.toContain(secret);
          if (answer.status === 200 && Array.isArray(answer.body.value?.list)) {
            expect(answer.body.value.list, label).toEqual([]);
          }
        }
      }
      // Every endpoint answers A without a word of B's team, and without any member's secrets.
      const plain = await get(a.headers, endpoint.path, baseQuery(endpoint.query));
      expect(plain.status, endpoint.path).toBe(200);
      const text = JSON.stringify(plain.body);
      for (const secret of secrets) expect(text, endpoint.path).not.toContain(secret);
      expect(text).not.toMatch(/password|totp|secret|mobile|email|payout|accountNumber|payee/i);
    }
    const own = await get(a.headers, '/wps/agent/team/members', {});
    expect(own.body.value.list.map((m: { account: string }) => m.account)).toEqual([aLeaf.account]);
    expect(Object.keys(own.body.value.list[0]).sort()).toEqual(
      [
        'account',
        'balance',
        'createdAt',
        'directCount',
        'lastLoginAt',
        'level',
        'nickname',
        'status',
        'teamSize',
        'type',
        'upline',
      ].sort(),
    );
  });

  it('refuses players and visitors on every agent endpoint', async () => {
    const someone = await registered(test.portal.app);
    for (const endpoint of await agentEndpoints()) {
      const url = `${address(endpoint.path, bLink.id)}?${new URLSearchParams(baseQuery(endpoint.query))}`;
      const body = endpoint.method === 'GET' ? undefined : {};
      const asPlayer = await send(bearer(someone.token), endpoint.method, url, body);
      expect(asPlayer.status, endpoint.path).toBe(403);
      expect(asPlayer.body).toMatchObject({ code: 'NON_AGENT', message: 'Non-agents cannot log in' });
      expect((await send({}, endpoint.method, url, body)).status, endpoint.path).toBe(401);
    }
  });
});

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: { type?: string; enum?: unknown[]; default?: unknown };
}

describe('the team’s figures', () => {
  let boss: Agent;
  let sub: Agent;
  let p1: WalletMember;
  let p2: WalletMember;
  const day = today();

  beforeAll(async () => {
    await test.portal.app.seamless.configureVendor({ code: VENDOR, secret: SECRET, currency: 'BDT' });
    boss = await agent();
    sub = await agent(boss.account);
    p1 = await walletMember(test, { affiliateCode: boss.inviteCode });
    p2 = await walletMember(test, { affiliateCode: sub.inviteCode });
    const outsider = await walletMember(test);

    await deposit(p1, '500.00');
    await play(p1, [
      { bet: '100.00', win: '250.00' },
      { bet: '50.00', rollback: true },
    ]);
    await adjust(test, p2.username, '300.00');
    await play(p2, [{ bet: '40.00' }, { bet: '10.50', win: '0.25' }]);
    await withdraw(p2, '100.00');
    // A debit by the operator is no bonus.
    await adjust(test, p2.username, '-5.00');
    // Someone outside the team does the same; none of it counts.
    await deposit(outsider, '700.00');
    await play(outsider, [{ bet: '70.00', win: '10.00' }]);
  });

  it('adds up the team to the paisa, per day and in total', async () => {
    const overview = await get(boss.headers, '/wps/agent/team/overview', { from: '2020-01-01', to: day });
    expect(overview.status, JSON.stringify(overview.body)).toBe(400);

    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const answer = await get(boss.headers, '/wps/agent/team/overview', { from: yesterday, to: day });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const figures = {
      newRegistrations: 3,
      activeMembers: 2,
      firstDeposits: 1,
      deposits: '500.00',
      depositCount: 1,
      withdrawals: '100.00',
      withdrawalCount: 1,
      validBets: '150.50',
      bonuses: '300.00',
      profitLoss: '99.75',
    };
    expect(answer.body.value).toEqual({
      from: yesterday,
      to: day,
      totals: { members: 3, ...figures },
      days: [
        {
          day: yesterday,
          newRegistrations: 0,
          activeMembers: 0,
          firstDeposits: 0,
          deposits: '0.00',
          depositCount: 0,
          withdrawals: '0.00',
          withdrawalCount: 0,
          validBets: '0.00',
          bonuses: '0.00',
          profitLoss: '0.00',
        },
        { day, ...figures },
      ],
    });

    // The sub-agent sees only its own team.
    const below = await get(sub.headers, '/wps/agent/team/overview', { from: day, to: day });
    expect(below.body.value.totals).toMatchObject({
      members: 1,
      activeMembers: 1,
      deposits: '0.00',
      withdrawals: '100.00',
      validBets: '50.50',
      bonuses: '300.00',
      profitLoss: '-50.25',
    });
  });

  it('answers an old range with nothing and refuses bad ranges', async () => {
    const old = await get(boss.headers, '/wps/agent/team/overview', { from: '2020-01-01', to: '2020-04-02' });
    expect(old.status, JSON.stringify(old.body)).toBe(200);
    expect(old.body.value.days).toHaveLength(93);
    expect(old.body.value.totals).toMatchObject({ members: 0, deposits: '0.00', validBets: '0.00' });
    const bad: Record<string, string>[] = [
      { from: '2020-01-01', to: '2020-04-03' },
      { from: '2020-02-02', to: '2020-02-01' },
      { from: '2020-02-30', to: '2020-03-01' },
      { from: '2020-02-01', to: '2020-02-02', extra: '1' },
      { from: '2020-02-01' },
    ];
    for (const query of bad) {
      const refused = await get(boss.headers, '/wps/agent/team/overview', query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION');
    }
  });

  it('lists the team with levels, drill-down path, search and sort', async () => {
    const direct = await get(boss.headers, '/wps/agent/team/members', { sort: 'account', order: 'asc' });
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(direct.body.value).toMatchObject({ pageNo: 1, pageSize: 20, totalCount: 2, totalPages: 1, path: [] });
    const byAccount = [p1.username, sub.account].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase()));
    expect(direct.body.value.list.map((m: { account: string }) => m.account)).toEqual(byAccount);
    const subRow = direct.body.value.list.find((m: { account: string }) => m.account === sub.account);
    expect(subRow).toMatchObject({ level: 1, type: 1, upline: boss.account, directCount: 1, teamSize: 1 });
    const p1Row = direct.body.value.list.find((m: { account: string }) => m.account === p1.username);
    expect(p1Row).toMatchObject({ level: 1, type: 0, balance: '650.00', status: 'active', directCount: 0 });

    const drilled = await get(boss.headers, '/wps/agent/team/members', { under: sub.account });
    expect(drilled.body.value).toMatchObject({ totalCount: 1, path: [sub.account] });
    expect(drilled.body.value.list).toMatchObject([
      { account: p2.username, level: 2, upline: sub.account, balance: '144.75', teamSize: 0 },
    ]);

    const searched = await get(boss.headers, '/wps/agent/team/members', {
      account: p2.username.slice(0, -1).toUpperCase(),
    });
    expect(searched.body.value.list.map((m: { account: string }) => m.account)).toEqual([p2.username]);
    expect(searched.body.value.list[0].level).toBe(2);

    const richest = await get(boss.headers, '/wps/agent/team/members', { sort: 'balance', order: 'desc' });
    expect(richest.body.value.list.map((m: { balance: string }) => m.balance)).toEqual(['650.00', '0.00']);
    const poorest = await get(boss.headers, '/wps/agent/team/members', {
      sort: 'balance',
      order: 'asc',
      pageSize: 1,
      pageNo: 2,
    });
    expect(poorest.body.value).toMatchObject({ totalCount: 2, totalPages: 2 });
    expect(poorest.body.value.list.map((m: { account: string }) => m.account)).toEqual([p1.username]);

    const unknown = await get(boss.headers, '/wps/agent/team/members', { under: 'nobody_here' });
    expect(unknown.status).toBe(404);
    expect((await get(boss.headers, '/wps/agent/team/members', { sort: 'password' })).status).toBe(400);
  });
});

describe('the downline transaction details', () => {
  let boss: Agent;
  let sub: Agent;
  let p1: WalletMember;
  let p2: WalletMember;
  let stranger: { account: string };
  const day = today();
  const URL = '/wps/agent/team/transactions';

  /** Pays a direct downline through the wallet's transfer call, with the agent's payment password. */
  async function transfer(from: Agent, to: string, amount: string) {
    const answer = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/transfers',
      headers: { ...from.headers, ...EN, 'idempotency-key': randomUUID() },
      payload: { to, amount, paymentPassword: PAYMENT_PASSWORD },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  beforeAll(async () => {
    await test.portal.app.seamless.configureVendor({ code: VENDOR, secret: SECRET, currency: 'BDT' });
    boss = await agent();
    const password = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password/payment',
      headers: boss.headers,
      payload: {
        loginPassword: 'Agent1234',
        newPaymentPassword: PAYMENT_PASSWORD,
        confirmPaymentPassword: PAYMENT_PASSWORD,
      },
    });
    expect(password.status, JSON.stringify(password.body)).toBe(200);
    sub = await agent(boss.account);
    p1 = await walletMember(test, { affiliateCode: boss.inviteCode });
    p2 = await walletMember(test, { affiliateCode: sub.inviteCode });
    const other = await agent();
    stranger = await player(other.account);

    await adjust(test, boss.account, '1000.00');
    await deposit(p1, '500.00');
    // A bet moves the cash too, but is no transaction of this page.
    await play(p1, [{ bet: '50.00' }]);
    await transfer(boss, sub.account, '200.00');
    await adjust(test, p2.username, '300.00');
    await withdraw(p2, '100.00');
    await adjust(test, p2.username, '-5.00');
    await adjust(test, stranger.account, '70.00');
  });

  it('lists the team’s movements newest first with levels, signs, balances and totals to the paisa', async () => {
    const answer = await get(boss.headers, URL, { from: day, to: day });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const page = answer.body.value;
    expect(page).toMatchObject({
      pageNo: 1,
      pageSize: 20,
      totalCount: 5,
      totalPages: 1,
      totalIn: '1000.00',
      totalOut: '105.00',
    });
    expect(
      page.list.map((t: Record<string, unknown>) => [t.account, t.level, t.type, t.amount, t.balanceAfter]),
    ).toEqual([
      [p2.username, 2, 'adjustment', '-5.00', '195.00'],
      [p2.username, 2, 'withdrawal', '-100.00', '200.00'],
      [p2.username, 2, 'adjustment', '300.00', '300.00'],
      [sub.account, 1, 'transfer', '200.00', '200.00'],
      [p1.username, 1, 'deposit', '500.00', '500.00'],
    ]);
    expect(page.list[3].reference).toBe(`transfer:${boss.account}>${sub.account}`);
    expect(page.list[4].reference).toMatch(/^deposit:/);
    // A withdrawal shows its order number, as the member's withdrawal list does.
    const orders = await test.portal.database.db
      .selectFrom('withdrawals')
      .select('order_no')
      .where('member_id', '=', p2.id)
      .execute();
    expect(page.list[1].reference).toBe(`withdrawal:${orders[0]?.order_no}`);
    // The operator's reason and the member's internal id stay out of an adjustment's reference.
    expect(page.list[0].reference).toBe('adjustment');
    const times = page.list.map((t: { time: string }) => Date.parse(t.time));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(new Set(page.list.map((t: { id: string }) => t.id)).size).toBe(5);

    // The sub-agent sees its own team only.
    const below = await get(sub.headers, URL, { from: day, to: day });
    expect(below.body.value).toMatchObject({ totalCount: 3, totalIn: '300.00', totalOut: '105.00' });
    expect(new Set(below.body.value.list.map((t: { account: string }) => t.account))).toEqual(new Set([p2.username]));
  });

  it('pages, and keeps the totals of the whole filtered range on every page', async () => {
    const second = await get(boss.headers, URL, { from: day, to: day, pageSize: 2, pageNo: 2 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.value).toMatchObject({
      pageNo: 2,
      pageSize: 2,
      totalCount: 5,
      totalPages: 3,
      totalIn: '1000.00',
      totalOut: '105.00',
    });
    expect(second.body.value.list.map((t: { amount: string }) => t.amount)).toEqual(['300.00', '200.00']);
    const last = await get(boss.headers, URL, { from: day, to: day, pageSize: 2, pageNo: 3 });
    expect(last.body.value.list.map((t: { amount: string }) => t.amount)).toEqual(['500.00']);
    const beyond = await get(boss.headers, URL, { from: day, to: day, pageSize: 2, pageNo: 4 });
    expect(beyond.body.value).toMatchObject({ list: [], totalCount: 5, totalIn: '1000.00' });
  });

  it('filters by type and by one team member’s exact account', async () => {
    const adjustments = await get(boss.headers, URL, { from: day, to: day, type: 'adjustment' });
    expect(adjustments.body.value).toMatchObject({ totalCount: 2, totalIn: '300.00', totalOut: '5.00' });
    const transfers = await get(boss.headers, URL, { from: day, to: day, type: 'transfer' });
    expect(transfers.body.value.list).toMatchObject([{ account: sub.account, amount: '200.00', level: 1 }]);
    expect(transfers.body.value).toMatchObject({ totalIn: '200.00', totalOut: '0.00' });

    const ofP2 = await get(boss.headers, URL, { from: day, to: day, account: p2.username.toUpperCase() });
    expect(ofP2.status, JSON.stringify(ofP2.body)).toBe(200);
    expect(ofP2.body.value).toMatchObject({ totalCount: 3, totalIn: '300.00', totalOut: '105.00' });
    const both = await get(boss.headers, URL, { from: day, to: day, account: p2.username, type: 'withdrawal' });
    expect(both.body.value.list).toMatchObject([{ account: p2.username, amount: '-100.00', balanceAfter: '200.00' }]);
    expect(both.body.value).toMatchObject({ totalCount: 1, totalIn: '0.00', totalOut: '100.00' });
    // A member without movements in the range: an empty page.
    const quiet = await get(boss.headers, URL, { from: '2020-01-01', to: '2020-01-31', account: p1.username });
    expect(quiet.body.value).toMatchObject({ list: [], totalCount: 0, totalPages: 1, totalIn: '0.00' });
  });

  it('answers an account outside the team 404 and refuses bad queries', async () => {
    for (const account of [stranger.account, boss.account, 'nobody_here']) {
      const answer = await get(boss.headers, URL, { from: day, to: day, account });
      expect(answer.status, account).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
    // A member of the agent's team is outside its sub-agent's.
    expect((await get(sub.headers, URL, { from: day, to: day, account: p1.username })).status).toBe(404);
    const bad: Record<string, string | number>[] = [
      { from: '2020-01-01', to: '2020-04-03' },
      { from: '2020-02-02', to: '2020-02-01' },
      { from: '2020-02-30', to: '2020-03-01' },
      { from: day, to: day, type: 'bet' },
      { from: day, to: day, pageSize: 101 },
      { from: day, to: day, pageNo: 0 },
      { from: day, to: day, extra: 1 },
      { from: day },
    ];
    for (const query of bad) {
      const refused = await get(boss.headers, URL, query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION');
    }
  });
});

describe('first deposits', () => {
  it('counts a member’s first confirmed deposit ever once, kept by the payments’ trigger', async () => {
    const boss = await agent();
    const twice = await walletMember(test, { affiliateCode: boss.inviteCode });
    const once = await walletMember(test, { affiliateCode: boss.inviteCode });
    await deposit(twice, '100.00');
    await deposit(twice, '150.00');
    await deposit(once, '200.00');
    const day = today();
    const answer = await get(boss.headers, '/wps/agent/team/overview', { from: day, to: day });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.value.totals).toMatchObject({ firstDeposits: 2, deposits: '450.00', depositCount: 3 });

    const db = test.portal.database.db;
    const orders = await db
      .selectFrom('deposit_orders')
      .select(['id', 'updated_at'])
      .where('member_id', '=', twice.id)
      .where('status', '=', 'confirmed')
      .orderBy('id')
      .execute();
    expect(orders).toHaveLength(2);
    const [earlier, later] = orders as [(typeof orders)[0], (typeof orders)[0]];
    const kept = () =>
      sql<{ deposit_id: string }>`SELECT deposit_id FROM payment_first_deposits WHERE member_id = ${twice.id}`;
    expect((await kept().execute(db)).rows).toEqual([{ deposit_id: earlier.id }]);
    // A confirmation dated before the kept one takes its place, whatever order they were written in (rolled back:
    // the application never moves a confirmed deposit's time).
    const rollback = new Error('rollback');
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE deposit_orders SET status = 'confirmed', updated_at = updated_at - interval '1 day'
                   WHERE id = ${later.id}`.execute(trx);
        expect((await kept().execute(trx)).rows).toEqual([{ deposit_id: later.id }]);
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
    expect((await kept().execute(db)).rows).toEqual([{ deposit_id: earlier.id }]);
  });
});
