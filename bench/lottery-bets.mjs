// Lottery bets over HTTP (POST /lotto/lgw/bets) at 50 concurrent players, as a ratio to `pgbench -b tpcb-like` at
// the same client count on the same PostgreSQL, measured in the same round (issue 30: at least 0.5, p99 at most
// 100 ms). Each of 50 funded players stakes 1.00 on "big" of a Win Go 5-minute draw that stays open for the whole
// run, each request with a fresh Idempotency-Key (autocannon's per-request id). After the rounds, the draw's bets
// are counted against the money the players lost: every answered bet moved its stake once.
// Usage: node bench/lottery-bets.mjs [--runs 3] [--duration 10] [--pool 20] [--scale 50] [--pg-url postgres://…] [--keep]
//        [--profile dir]
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
    pool: { type: 'string', default: '20' },
    scale: { type: 'string', default: '50' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    // Keeps the portal's schema after the run, for looking into it.
    keep: { type: 'boolean', default: false },
    // Writes a V8 CPU profile of the server into this folder.
    profile: { type: 'string' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const poolSize = Number(values.pool);
const scale = Number(values.scale);
const CLIENTS = 50;
const PORT = 3905;
const GAME = 'WINGO_5M';
const FUNDS = '1000000.00';
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: 'bench-operator', password: 'bench-password-1' };
const PASSWORD = 'Bench1234x';
const schema = `bench_lotbets_${process.pid}`;
const pgbenchDb = `bench_pgbench_${process.pid}`;
const pg = postgresTools(values['pg-url']);
const send = portalSender(base);

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

/** A draw of GAME that stays open for the whole run: the first whose lock is at least `seconds` away. */
async function drawOpenFor(seconds) {
  const opened = await send('GET', `/lotto/lgw/games/opened/numero?gameId=${GAME}&count=5`);
  const draw = opened.find((d) => new Date(d.lockTime).getTime() - Date.now() > seconds * 1000);
  if (!draw) throw new Error(`no ${GAME} draw stays open for ${seconds} s`);
  return draw.numero;
}

async function bets(players, numero, seconds = duration) {
  let n = 0;
  const before = cpuSnapshot(portal.pid);
  const result = await autocannon({
    url: `${base}/lotto/lgw/bets`,
    connections: CLIENTS,
    duration: seconds,
    method: 'POST',
    idReplacement: true,
    setupClient(client) {
      const player = players[n++ % players.length];
      client.setHeadersAndBody(
        {
          'content-type': 'application/json',
          authorization: `Bearer ${player.token}`,
          'idempotency-key': 'bench-[<id>]',
        },
        JSON.stringify({ gameId: GAME, numero, betType: 'size', selection: 'big', stake: '1.00' }),
      );
    },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu: cpuDelta(before, cpuSnapshot(portal.pid), seconds, Math.max(1, result.requests.total)),
  };
}

let pgbenchCreated = false;
try {
  pgbenchCreated = true;
  pg.pgbenchInit(pgbenchDb, scale);

  const admin = await operatorHeaders(send, ADMIN);

  const players = Array.from({ length: CLIENTS }, (_, i) => ({ account: `lotto${String(i).padStart(3, '0')}` }));
  await each(players, 10, (p) =>
    send('POST', '/admin/api/members', { account: p.account, type: 0, password: PASSWORD }, admin),
  );
  await each(players, 10, async (p) => {
    const login = await send('POST', '/wps/session/login', {
      type: 'username',
      username: p.account,
      password: PASSWORD,
    });
    p.token = login.token;
    await fundMember(send, admin, p.account, FUNDS);
  });

  // Every round and the warm-up bet on one draw, chosen to stay open through all of them.
  const numero = await drawOpenFor((runs + 1) * (duration + 15) + 30);
  const warm = await bets(players, numero, 3);
  const samples = { pgbench: [], bets: [] };
  for (let run = 0; run < runs; run++) {
    samples.pgbench.push(await pg.pgbench({ database: pgbenchDb, clients: CLIENTS, duration, serverPid: portal.pid }));
    samples.bets.push(await bets(players, numero));
    console.log(
      `round ${run + 1}: pgbench ${samples.pgbench[run].tps.toFixed(0)} tps, bets ${samples.bets[run].rps.toFixed(0)}/s, ` +
        `p99 ${samples.bets[run].p99} ms, non-2xx ${samples.bets[run].non2xx}`,
    );
  }

  // Exactly once: the draw holds one bet per stake that left the players' wallets, and at least every 2xx answer
  // (autocannon stops with up to one request per connection in flight, which the server may still commit).
  const sum = (list) => list.reduce((a, b) => a + b, 0);
  // Read from the ledger itself (the balance call may answer from a cache a few seconds old).
  const left = Number(
    pg.psql('test', `SELECT sum(balance_minor) FROM ${schema}.ledger_accounts WHERE kind = 'member_cash'`),
  );
  const staked = Math.round((CLIENTS * Number(FUNDS) * 100 - left) / 100);
  const placed = Number(
    pg.psql(
      'test',
      `SELECT count(*) FROM ${schema}.lottery_bets WHERE game_code = '${GAME}' AND numero = '${numero}' AND status = 'pending'`,
    ),
  );
  const answered = sum([warm, ...samples.bets].map((s) => s.ok));
  const books = {
    staked,
    placed,
    answered,
    consistent: staked === placed && placed >= answered && placed - answered <= CLIENTS * (runs + 1),
  };

  const perRound = (a, b) => +median(a.map((s, i) => s.rps / b[i].tps)).toFixed(2);
  const result = {
    db: 'postgres',
    machine: machineDescription(),
    date: new Date().toISOString(),
    clients: CLIENTS,
    duration,
    runs,
    poolSize,
    pgbenchScale: scale,
    pgbench: {
      tps: +median(samples.pgbench.map((s) => s.tps)).toFixed(1),
      runs: samples.pgbench.map((s) => Math.round(s.tps)),
    },
    bets: {
      rps: Math.round(median(samples.bets.map((s) => s.rps))),
      p50: median(samples.bets.map((s) => s.p50)),
      p99: median(samples.bets.map((s) => s.p99)),
      runs: samples.bets.map((s) => Math.round(s.rps)),
      p99s: samples.bets.map((s) => s.p99),
      non2xx: sum(samples.bets.map((s) => s.non2xx)),
      errors: sum(samples.bets.map((s) => s.errors)),
      cpu: samples.bets.map((s) => s.cpu),
    },
    // Within each round (same minute, same machine state), then the median over rounds.
    ratioToPgbench: perRound(samples.bets, samples.pgbench),
    books,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/lottery-bets.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  if (!books.consistent) {
    console.error('the bets placed do not match the money staked');
    process.exitCode = 1;
  }
} finally {
  await stop(portal);
  const client = new (await import('pg')).default.Client({ connectionString: values['pg-url'] });
  await client.connect();
  if (!values.keep) await client.query(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
  if (pgbenchCreated) await client.query(`DROP DATABASE IF EXISTS ${pgbenchDb}`);
  await client.end();
}
