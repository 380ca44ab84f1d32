// Ledger transfers over HTTP (POST /wps/wallet/transfers) at 50 concurrent clients, as a ratio to
// `pgbench -b tpcb-like` at the same client count on the same PostgreSQL, measured in the same run:
//   distinct  50 agents, each paying 1.00 to its own direct downline player (50 disjoint pairs of wallets);
//   hot       50 players, all paying 1.00 to the same agent (that agent's cash row is updated by every request);
//   replay    the distinct clients, each repeating one Idempotency-Key already answered (nothing moves).
// Every new transfer carries a fresh Idempotency-Key (autocannon's per-request id). PostgreSQL only.
// Usage: node bench/ledger.mjs [--runs 3] [--duration 10] [--pool 50] [--scale 50] [--pg-url postgres://…]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  each,
  fundMember,
  machineDescription,
  median,
  operatorHeaders,
  portalSender,
  root,
  startPortal,
  stop,
} from './lib.mjs';
import { cpuDelta, cpuSnapshot, postgresTools } from './pg.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    pool: { type: 'string', default: '50' },
    scale: { type: 'string', default: '50' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    // Writes a V8 CPU profile of the server into this folder (for finding where the time goes).
    profile: { type: 'string' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const poolSize = Number(values.pool);
const scale = Number(values.scale);
const CLIENTS = 50;
const PORT = 3904;
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: 'bench-operator', password: 'bench-password-1' };
const PASSWORD = 'Bench1234x';
const PAYMENT_PASSWORD = '246810';
const schema = `bench_ledger_${process.pid}`;
const pgbenchDb = `bench_pgbench_${process.pid}`;
const pg = postgresTools(values['pg-url']);
const { psql } = pg;

const send = portalSender(base);

/**
 * autocannon at 50 connections, connection i acting as `clients[i]`; with `replay` false every request gets a fresh
 * Idempotency-Key (autocannon replaces `[<id>]` per request). Non-2xx answers are counted, not thrown.
 */
async function transfers(clients, { replay = false, seconds = duration } = {}) {
  let n = 0;
  const before = cpuSnapshot(portal.pid);
  const result = await autocannon({
    url: `${base}/wps/wallet/transfers`,
    connections: CLIENTS,
    duration: seconds,
    method: 'POST',
    idReplacement: !replay,
    setupClient(client) {
      const c = clients[n++ % clients.length];
      client.setHeadersAndBody(
        {
          'content-type': 'application/json',
          authorization: `Bearer ${c.token}`,
          'idempotency-key': replay ? c.replayKey : `bench-[<id>]`,
        },
        JSON.stringify({ to: c.to, amount: '1.00', paymentPassword: PAYMENT_PASSWORD }),
      );
    },
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    cpu: cpuDelta(before, cpuSnapshot(portal.pid), seconds, Math.max(1, result.requests.total)),
  };
}

const portal = await startPortal(
  PORT,
  {
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    ADMIN_USER: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DATABASE_URL: values['pg-url'],
    DATABASE_SCHEMA: schema,
    DATABASE_POOL_SIZE: String(poolSize),
  },
  { profile: values.profile, timeoutMs: 120_000 },
);

let pgbenchCreated = false;
try {
  // pgbench's own database, scale 50: 50 branch rows, so 50 clients do not all queue on a handful of branches
  // (tpcb-like updates one random branch row per transaction; at scale 1 every client would share one).
  pgbenchCreated = true;
  pg.pgbenchInit(pgbenchDb, scale);

  const admin = await operatorHeaders(send, ADMIN);

  const pad = (i) => String(i).padStart(3, '0');
  const agents = Array.from({ length: CLIENTS }, (_, i) => ({ account: `lagent${pad(i)}`, type: 1, portal: 'agent' }));
  const players = agents.map((a, i) => ({ account: `lplayer${pad(i)}`, type: 0, upline: a.account }));
  const hotAgent = { account: 'lhotagent', type: 1, portal: 'agent' };
  const hotPlayers = Array.from({ length: CLIENTS }, (_, i) => ({
    account: `lhot${pad(i)}`,
    type: 0,
    upline: hotAgent.account,
  }));

  const setupStarted = performance.now();
  // Uplines first, then their downlines; each account hashes its password with argon2id, 10 at a time.
  await each([...agents, hotAgent], 10, (m) =>
    send('POST', '/admin/api/members', { account: m.account, type: m.type, password: PASSWORD }, admin),
  );
  await each([...players, ...hotPlayers], 10, (m) =>
    send(
      'POST',
      '/admin/api/members',
      { account: m.account, type: m.type, password: PASSWORD, upline: m.upline },
      admin,
    ),
  );
  const everyone = [...agents, hotAgent, ...players, ...hotPlayers];
  await each(everyone, 10, async (m) => {
    const login = await send('POST', '/wps/session/login', {
      type: 'username',
      username: m.account,
      password: PASSWORD,
      ...(m.portal ? { portal: m.portal } : {}),
    });
    m.token = login.token;
    m.headers = { authorization: `Bearer ${m.token}` };
  });
  await each([...agents, ...hotPlayers], 10, (m) =>
    send(
      'POST',
      '/wps/member/password/payment',
      { loginPassword: PASSWORD, newPaymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD },
      m.headers,
    ),
  );
  await each(agents, 10, (m) => fundMember(send, admin, m.account, '10000000.00'));
  await each(hotPlayers, 10, (m) => fundMember(send, admin, m.account, '1000000.00'));
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const distinct = agents.map((a, i) => ({ token: a.token, to: players[i].account, replayKey: `bench-replay-${i}` }));
  const hot = hotPlayers.map((p) => ({ token: p.token, to: hotAgent.account }));

  // Warm-up: every payer's payment password is verified once with argon2 (then remembered), every replay key is
  // answered once (the only replay request that moves money), the JIT and the pools warm.
  const warm = { distinct: await transfers(distinct, { seconds: 3 }), hot: await transfers(hot, { seconds: 3 }) };
  warm.replay = await transfers(distinct, { replay: true, seconds: 3 });

  const samples = { pgbench: [], distinct: [], hot: [], replay: [] };
  for (let run = 0; run < runs; run++) {
    samples.pgbench.push(await pg.pgbench({ database: pgbenchDb, clients: CLIENTS, duration, serverPid: portal.pid }));
    samples.distinct.push(await transfers(distinct));
    samples.hot.push(await transfers(hot));
    samples.replay.push(await transfers(distinct, { replay: true }));
    console.log(
      `round ${run + 1}: pgbench ${samples.pgbench[run].tps.toFixed(0)} tps, distinct ${samples.distinct[run].rps.toFixed(0)}/s, hot ${samples.hot[run].rps.toFixed(0)}/s, replay ${samples.replay[run].rps.toFixed(0)}/s; cores used by others: ${['pgbench', 'distinct', 'hot', 'replay'].map((k) => samples[k][run].cpu.cores.other).join(', ')}`,
    );
  }

  // The books after the run: they balance, and the money moved matches the answers counted. autocannon stops with
  // up to one request per connection in flight, which the server may still commit, hence the allowance.
  const reconcile = await send('GET', '/admin/api/ledger/reconcile', undefined, admin);
  const cash = async (m) => Number((await send('GET', '/wps/v2/wallets/balance', undefined, m.headers)).sumBalance);
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  const playerBalances = [];
  await each(players, 10, async (m) => {
    playerBalances.push(await cash(m));
  });
  const playersCash = sum(playerBalances);
  const hotAgentCash = await cash(hotAgent);
  const counted = {
    distinct: sum([warm.distinct, ...samples.distinct].map((s) => s.ok)) + CLIENTS, // + one move per replay key
    hot: sum([warm.hot, ...samples.hot].map((s) => s.ok)),
  };
  const allowance = CLIENTS * (runs + 1);
  const books = {
    reconcile,
    distinctMoved: playersCash,
    distinctCounted: counted.distinct,
    hotMoved: hotAgentCash,
    hotCounted: counted.hot,
    consistent:
      reconcile.ok &&
      playersCash - counted.distinct >= 0 &&
      playersCash - counted.distinct <= allowance &&
      hotAgentCash - counted.hot >= 0 &&
      hotAgentCash - counted.hot <= allowance,
  };

  const summarise = (list) => ({
    rps: Math.round(median(list.map((s) => s.rps))),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    runs: list.map((s) => Math.round(s.rps)),
    ok: sum(list.map((s) => s.ok)),
    non2xx: sum(list.map((s) => s.non2xx)),
    errors: sum(list.map((s) => s.errors)),
    timeouts: sum(list.map((s) => s.timeouts)),
    statuses: list.map((s) => s.statuses),
    cpu: list.map((s) => s.cpu),
  });
  const perRound = (a, b) => +median(a.map((s, i) => (s.rps ?? s.tps) / (b[i].rps ?? b[i].tps))).toFixed(2);
  const result = {
    db: 'postgres',
    machine: machineDescription(),
    postgres: psql('test', 'SHOW server_version').trim(),
    date: new Date().toISOString(),
    clients: CLIENTS,
    duration,
    runs,
    poolSize,
    pgbenchScale: scale,
    setupSeconds: +setupSeconds.toFixed(1),
    pgbench: {
      tps: +median(samples.pgbench.map((s) => s.tps)).toFixed(1),
      latencyAvgMs: median(samples.pgbench.map((s) => s.latencyAvgMs)),
      runs: samples.pgbench.map((s) => Math.round(s.tps)),
      failed: sum(samples.pgbench.map((s) => s.failed)),
      cpu: samples.pgbench.map((s) => s.cpu),
    },
    distinct: summarise(samples.distinct),
    hot: summarise(samples.hot),
    replay: summarise(samples.replay),
    // Ratios are taken within each round (same minute, same machine state), then the median over rounds.
    ratio: {
      distinctToPgbench: perRound(samples.distinct, samples.pgbench),
      hotToPgbench: perRound(samples.hot, samples.pgbench),
      replayToNew: perRound(samples.replay, samples.distinct),
    },
    warmUp: warm,
    books,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/ledger-postgres-pool${poolSize}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify({ ...result, warmUp: undefined }, null, 2));
  if (!books.consistent) {
    console.error('the books do not match the answers counted');
    process.exitCode = 1;
  }
} finally {
  await stop(portal);
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: values['pg-url'] });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
  if (pgbenchCreated) await client.query(`DROP DATABASE IF EXISTS ${pgbenchDb}`);
  await client.end();
}
