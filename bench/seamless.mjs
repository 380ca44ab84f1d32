// The seamless wallet as a game vendor drives it: bet then win (closing the round) over HTTP at 50 concurrent
// vendor connections, every call signed with HMAC-SHA256 and checked by the portal, each connection playing for
// its own member. Pairs per second as a ratio to `pgbench -b tpcb-like` with the same client count on the same
// PostgreSQL, measured in the same run; p50 and p99 of the calls. Half of the wins are zero (a lost spin).
// Usage: node bench/seamless.mjs [--runs 3] [--duration 10] [--pool 50] [--pg-url postgres://…]
import { createHmac, randomBytes } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { each, median, portalSender, startPortal, stop } from './lib.mjs';
import { cpuDelta, cpuSnapshot, postgresTools } from './pg.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    pool: { type: 'string', default: '50' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    // Writes a V8 CPU profile of the server into this folder (for finding where the time goes).
    profile: { type: 'string' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const CLIENTS = 50;
const PORT = 3906;
const base = `http://127.0.0.1:${PORT}`;
const VENDOR = 'JILI';
const GAME = 'JILI-RNG-0001';
const SECRET = randomBytes(32).toString('hex');
const schema = `bench_seamless_${process.pid}`;
const pgbenchDb = `bench_pgbench_s_${process.pid}`;
const pg = postgresTools(values['pg-url']);
const send = portalSender(base);

const sign = (body) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')}`;
};

/** One round of bet + win pairs; connection i plays for `players[i]`. */
// Round numbers run on across the warm-up and the rounds: a transaction id is never reused.
let round = 0;

async function pairs(players, seconds) {
  let n = 0;
  const before = cpuSnapshot(portal.pid);
  const walBefore = pg.walSnapshot();
  const instance = autocannon({
    url: base,
    connections: CLIENTS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest(request, context) {
          context.player ??= players[n++ % players.length];
          context.round = `${process.pid}-${++round}`;
          const body = JSON.stringify({
            txId: `b-${context.round}`,
            token: context.player.token,
            playerId: context.player.account,
            roundId: context.round,
            gameId: GAME,
            amount: '1.00',
            currency: 'BDT',
          });
          const headers = { 'content-type': 'application/json', 'x-vendor-signature': sign(body) };
          return { ...request, path: `/vendor/${VENDOR}/bet`, headers, body };
        },
      },
      {
        method: 'POST',
        setupRequest(request, context) {
          const body = JSON.stringify({
            txId: `w-${context.round}`,
            playerId: context.player.account,
            roundId: context.round,
            amount: round % 2 ? '1.90' : '0.00',
            currency: 'BDT',
            roundClosed: true,
          });
          const headers = { 'content-type': 'application/json', 'x-vendor-signature': sign(body) };
          return { ...request, path: `/vendor/${VENDOR}/win`, headers, body };
        },
      },
    ],
  });
  const result = await instance;
  const calls = result.requests.total;
  return {
    pairsPerSecond: Math.round(result.requests.average / 2),
    p50: result.latency.p50,
    p99: result.latency.p99,
    calls,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu: cpuDelta(before, cpuSnapshot(portal.pid), seconds, Math.max(1, calls / 2)),
    walPerPair: pg.walPer(walBefore, pg.walSnapshot(), Math.max(1, calls / 2)),
  };
}

const portal = await startPortal(
  PORT,
  {
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    ADMIN_USER: 'bench-operator',
    ADMIN_PASSWORD: 'bench-password-1',
    DATABASE_URL: values['pg-url'],
    DATABASE_SCHEMA: schema,
    DATABASE_POOL_SIZE: values.pool,
  },
  { profile: values.profile, timeoutMs: 180_000 },
);
let pgbenchCreated = false;
try {
  pgbenchCreated = true;
  pg.pgbenchInit(pgbenchDb, 50);

  const { token } = await send('POST', '/admin/api/session', {
    username: 'bench-operator',
    password: 'bench-password-1',
  });
  const admin = { authorization: `Bearer ${token}` };
  const brand = await send('GET', '/admin/api/settings/brand', undefined, admin);
  await send('PUT', '/admin/api/settings/brand', { ...brand, captchaEnabled: false }, admin);
  await send(
    'PUT',
    `/admin/api/vendor-integrations/${VENDOR}`,
    { secret: SECRET, currency: 'BDT', launchUrl: 'https://games.vendor.example/play?game={gameId}&token={token}' },
    admin,
  );
  const players = Array.from({ length: CLIENTS }, (_, i) => ({ account: `splayer${String(i).padStart(3, '0')}` }));
  await each(players, 10, async (player) => {
    await send('POST', '/admin/api/members', { account: player.account, type: 0, password: 'Bench1234x' }, admin);
    await send(
      'POST',
      `/admin/api/members/${player.account}/adjustments`,
      { amount: '1000000.00', reason: 'bench funding' },
      { ...admin, 'idempotency-key': `bench-fund-${player.account}` },
    );
    const login = await send('POST', '/wps/session/login', {
      type: 'username',
      username: player.account,
      password: 'Bench1234x',
    });
    const launch = await send('GET', `/wps/game/launchGame?nodeId=${GAME}`, undefined, {
      authorization: `Bearer ${login.token}`,
    });
    player.token = new URL(launch.url).searchParams.get('token');
  });

  await pairs(players, 3); // warm-up
  const rounds = [];
  for (let run = 0; run < runs; run++) {
    const bench = await pg.pgbench({ database: pgbenchDb, clients: CLIENTS, duration, serverPid: portal.pid });
    const seamless = await pairs(players, duration);
    if (seamless.non2xx > 0 || seamless.errors > 0) throw new Error(`round ${run + 1}: ${JSON.stringify(seamless)}`);
    const ratio = +(seamless.pairsPerSecond / bench.tps).toFixed(2);
    console.log(
      `round ${run + 1}: pgbench ${Math.round(bench.tps)} tps, ${seamless.pairsPerSecond} pairs/s (${ratio}), ` +
        `p50 ${seamless.p50} ms, p99 ${seamless.p99} ms`,
    );
    rounds.push({ pgbench: bench, seamless, ratio });
  }
  const reconcile = await send('GET', '/admin/api/ledger/reconcile', undefined, admin);
  console.log(
    JSON.stringify(
      {
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
        postgres: pg.psql('test', 'SHOW server_version').trim(),
        date: new Date().toISOString(),
        clients: CLIENTS,
        duration,
        pool: Number(values.pool),
        rounds,
        median: {
          ratio: median(rounds.map((r) => r.ratio)),
          pairsPerSecond: median(rounds.map((r) => r.seamless.pairsPerSecond)),
          pgbench: median(rounds.map((r) => r.pgbench.tps)),
          p99: median(rounds.map((r) => r.seamless.p99)),
        },
        reconciled: reconcile.ok,
      },
      null,
      2,
    ),
  );
  if (!reconcile.ok) process.exitCode = 1;
} finally {
  await stop(portal);
  if (pgbenchCreated) pg.psql('test', `DROP DATABASE IF EXISTS ${pgbenchDb}`);
  pg.psql('test', `DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
}
