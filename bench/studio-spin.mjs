// A studio spin's round trip (issue 31: p99 at most 100 ms at 50 concurrent players on PostgreSQL): the browser's
// `POST /api/spin` to the demo studio, which journals the round, sends the signed bet to the portal, then the win
// closing the round, and answers with the balance the portal gave. 50 members, each launched into a PG slot through
// the portal's launch call (the studio's page gives each its studio session), spin at 2.00 from 50 connections.
// After the rounds the books must reconcile and the studio's journal must hold no open round.
// The rounds are closed-loop: each connection spins again the moment its answer arrives, so the 50 are always
// waiting and the wait is the queue of the shared cores. One more round paces each player as fast as the slot page
// lets a player go (the reels stop 250 ms after the answer and the spin button is pressed again: about 2.5 spins a
// second each), and is reported on its own.
// Usage: node bench/studio-spin.mjs [--runs 3] [--duration 10] [--pool 20] [--pg-url postgres://…] [--profile dir]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import {
  each,
  fundMember,
  machineDescription,
  median,
  operatorHeaders,
  percentile,
  portalSender,
  root,
  startPortal,
  startProcess,
  stop,
} from './lib.mjs';
import { cpuDelta, cpuSnapshot, postgresTools } from './pg.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    pool: { type: 'string', default: '20' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    // Writes V8 CPU profiles of the portal and the studio into this folder (for finding where the time goes).
    profile: { type: 'string' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const CLIENTS = 50;
const PORT = 3907;
const STUDIO_PORT = 3908;
const BET = '2.00';
const ADMIN = { username: 'bench-operator', password: 'bench-password-1' };
const PASSWORD = 'Bench1234x';
const base = `http://127.0.0.1:${PORT}`;
const studioBase = `http://127.0.0.1:${STUDIO_PORT}`;
const schema = `bench_studio_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-studio-'));
const pg = postgresTools(values['pg-url']);
const send = portalSender(base);

const portal = await startPortal(
  PORT,
  {
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    ADMIN_USER: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DATABASE_URL: values['pg-url'],
    DATABASE_SCHEMA: schema,
    DATABASE_POOL_SIZE: values.pool,
  },
  { profile: values.profile, timeoutMs: 180_000 },
);
let studio;

/** The studio session of a member's launch of `nodeId`: the page the launch address opens carries it. */
async function studioSession(token, nodeId) {
  const launch = await send('GET', `/wps/game/launchGame?nodeId=${nodeId}&language=en`, undefined, {
    authorization: `Bearer ${token}`,
  });
  const html = await (await fetch(launch.url)).text();
  const config = html.match(/<script type="application\/json" id="studio-config">(.*?)<\/script>/s);
  if (!config) throw new Error(`the studio's page has no session: ${html.slice(0, 200)}`);
  return JSON.parse(config[1]).session;
}

/** Players the page's fastest pace allows: spins a second each (see the top). */
const PAGE_PACE_PER_SECOND = 2.5;

async function spins(players, seconds) {
  let n = 0;
  const before = cpuSnapshot(portal.pid, { studio: studio.pid });
  const result = await autocannon({
    url: `${studioBase}/api/spin`,
    connections: CLIENTS,
    duration: seconds,
    method: 'POST',
    setupClient(client) {
      const player = players[n++ % players.length];
      client.setHeadersAndBody(
        { 'content-type': 'application/json' },
        JSON.stringify({ session: player.session, bet: BET }),
      );
    },
  });
  // A spin still in flight when the round stopped keeps its session busy (a second spin would be refused): the
  // next round starts once they are answered.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu: cpuDelta(before, cpuSnapshot(portal.pid, { studio: studio.pid }), seconds, Math.max(1, result.requests.total)),
  };
}

/**
 * Each player spins at most `perSecond` times a second, starting at a random moment of its first period (players do
 * not spin in step; autocannon's rates start every connection's timer together and send the spins in bursts).
 */
async function pacedSpins(players, seconds, perSecond) {
  const period = 1000 / perSecond;
  const pool = new Pool(studioBase, { connections: players.length });
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const before = cpuSnapshot(portal.pid, { studio: studio.pid });
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    players.map(async (player) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * period));
      while (performance.now() < end) {
        const start = performance.now();
        try {
          const answer = await pool.request({
            method: 'POST',
            path: '/api/spin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ session: player.session, bet: BET }),
          });
          await answer.body.text();
          if (answer.statusCode >= 300) non2xx++;
          latencies.push(performance.now() - start);
        } catch {
          errors++;
        }
        const next = start + period - performance.now();
        if (next > 0) await new Promise((resolve) => setTimeout(resolve, next));
      }
    }),
  );
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (p) => Math.round(percentile(latencies, p) ?? 0);
  return {
    rps: latencies.length / seconds,
    p50: at(50),
    p90: at(90),
    p99: at(99),
    max: Math.round(latencies.at(-1) ?? 0),
    non2xx,
    errors,
    cpu: cpuDelta(before, cpuSnapshot(portal.pid, { studio: studio.pid }), seconds, Math.max(1, latencies.length)),
  };
}

try {
  const admin = await operatorHeaders(send, ADMIN);
  studio = await startProcess(
    [
      ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : []),
      '--import',
      'tsx',
      'apps/demo-studio/src/main.ts',
    ],
    {
      PORT: String(PORT),
      STUDIO_PORT: String(STUDIO_PORT),
      DATA_DIR: dataDir,
      ADMIN_USER: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      STUDIO_VENDORS: 'PG',
    },
    `${studioBase}/healthz`,
  );
  // The studio connects PG through the operator API in the background once it runs.
  for (let waited = 0; ; waited += 250) {
    const integrations = await send('GET', '/admin/api/vendor-integrations', undefined, admin);
    if (integrations.some((integration) => integration.code === 'PG' && integration.enabled)) break;
    if (waited > 60_000) throw new Error('the studio did not connect PG');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const list = await send('GET', '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=PG&pageNo=1&pageSize=50');
  const nodeIds = list.games.map((game) => game.nodeId);
  const players = Array.from({ length: CLIENTS }, (_, i) => ({
    account: `studio${String(i).padStart(3, '0')}`,
    nodeId: nodeIds[i % nodeIds.length],
  }));
  await each(players, 10, async (player) => {
    await send('POST', '/admin/api/members', { account: player.account, type: 0, password: PASSWORD }, admin);
    await fundMember(send, admin, player.account, '1000000.00');
    const login = await send('POST', '/wps/session/login', {
      type: 'username',
      username: player.account,
      password: PASSWORD,
    });
    player.session = await studioSession(login.token, player.nodeId);
  });

  await spins(players, 3); // warm-up
  const rounds = [];
  for (let run = 0; run < runs; run++) {
    const round = await spins(players, duration);
    if (round.non2xx > 0 || round.errors > 0) throw new Error(`round ${run + 1}: ${JSON.stringify(round)}`);
    console.log(
      `round ${run + 1}: ${Math.round(round.rps)} spins/s, p50 ${round.p50} ms, p90 ${round.p90} ms, p99 ${round.p99} ms, max ${round.max} ms`,
    );
    rounds.push(round);
  }
  const paced = await pacedSpins(players, duration, PAGE_PACE_PER_SECOND);
  if (paced.non2xx > 0 || paced.errors > 0) throw new Error(`paced round: ${JSON.stringify(paced)}`);
  console.log(
    `paced at ${PAGE_PACE_PER_SECOND}/s a player: ${Math.round(paced.rps)} spins/s, p50 ${paced.p50} ms, p90 ${paced.p90} ms, p99 ${paced.p99} ms, max ${paced.max} ms`,
  );
  const reconcile = await send('GET', '/admin/api/ledger/reconcile', undefined, admin);
  // The spins in flight when the last round stopped finish first.
  let opened = 0;
  let closed = -1;
  for (let waited = 0; opened !== closed && waited <= 10_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const journal = fs.readFileSync(path.join(dataDir, 'demo-studio', 'rounds.jsonl'), 'utf8').split('\n');
    opened = journal.filter((line) => line.includes('"kind":"opened"')).length;
    closed = journal.filter((line) => line.includes('"kind":"closed"')).length;
  }
  const result = {
    db: 'postgres',
    machine: machineDescription(),
    date: new Date().toISOString(),
    clients: CLIENTS,
    duration,
    runs,
    spins: {
      rps: median(rounds.map((r) => Math.round(r.rps))),
      p50: median(rounds.map((r) => r.p50)),
      p90: median(rounds.map((r) => r.p90)),
      p99: median(rounds.map((r) => r.p99)),
      runs: rounds.map((r) => Math.round(r.rps)),
      p99s: rounds.map((r) => r.p99),
      cpu: rounds.map((r) => r.cpu),
    },
    paced: {
      perPlayerPerSecond: PAGE_PACE_PER_SECOND,
      rps: Math.round(paced.rps),
      p50: paced.p50,
      p90: paced.p90,
      p99: paced.p99,
      max: paced.max,
      cpu: paced.cpu,
    },
    reconciled: reconcile.ok,
    // Every round the studio opened was closed (paid, refused or rolled back).
    journal: { opened, closed, allClosed: opened === closed },
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/studio-spin.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (!reconcile.ok || opened !== closed) process.exitCode = 1;
} finally {
  if (studio) await stop(studio);
  await stop(portal);
  fs.rmSync(dataDir, { recursive: true, force: true });
  pg.psql('test', `DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
}
