// Game-list queries (GET /wps/relay/GCSGAME_gameList) over the 10,000 demo games at 100 concurrent connections:
// every request draws its filters from a mix of what the slots page sends (a type, often a vendor, sometimes a
// classify, a minimum bet or a name search in English or Bengali, a page among the first ten). Reports p50, p95
// and p99 latency and the rate, per round and as the median of the rounds.
// Usage: node bench/games.mjs [--db postgres|pglite] [--runs 3] [--duration 10] [--connections 100]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { median, percentile, root, startPortal, stop } from './lib.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    // Writes a V8 CPU profile of the server into this folder (for finding where the time goes).
    profile: { type: 'string' },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const connections = Number(values.connections);
const PORT = 3905;
const schema = `bench_games_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-games-'));
const dbEnv =
  values.db === 'postgres' ? { DATABASE_URL: values['pg-url'], DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir };

const VENDORS = ['PG', 'JILI', 'PP', 'JDB', 'FC', 'KA', 'SPRIBE'];
const NAMES = ['dragon', 'gold', 'lucky', 'tiger riches', 'ড্রাগন', 'সোনালি', 'quest', 'zzz'];
const CLASSIFIES = ['JP', 'AC', 'TG', 'SC', 'VP'];
const MIN_BETS = ['0.01', '0.05', '0.1', '0.5', '0.75'];

/** A deterministic mix, so every run asks the same questions in the same proportions. */
function queries(count) {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = (items) => items[Math.floor(next() * items.length)];
  return Array.from({ length: count }, () => {
    const query = new URLSearchParams({ gameType: 'RNG', pageSize: '15', language: next() < 0.7 ? 'bn' : 'en' });
    if (next() < 0.7) query.set('vassalage', pick(VENDORS));
    if (next() < 0.25) query.set('gameClassify', pick(CLASSIFIES));
    if (next() < 0.2) query.set('minBet', pick(MIN_BETS));
    if (next() < 0.35) query.set('gameName', pick(NAMES));
    query.set('pageNo', String(1 + Math.floor(next() * next() * 10)));
    return `/wps/relay/GCSGAME_gameList?${query}`;
  });
}

async function round(paths, seconds) {
  const latencies = [];
  let index = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[index++ % paths.length] }) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

const portal = await startPortal(
  PORT,
  {
    ADMIN_PASSWORD: 'bench-password-1',
    SEED_DEMO: 'true',
    DATABASE_POOL_SIZE: '20',
    ...dbEnv,
  },
  { profile: values.profile, timeoutMs: 180_000 },
);
try {
  const paths = queries(5000);
  const check = await (await fetch(`http://127.0.0.1:${PORT}/wps/relay/GCSGAME_gameList?gameType=RNG`)).json();
  if (check.value.total < 8000) throw new Error(`expected the demo catalogue, found ${check.value.total} slot games`);
  await round(paths, 3); // warm-up
  const rounds = [];
  for (let run = 0; run < runs; run++) {
    const result = await round(paths, duration);
    console.log(`round ${run + 1}: ${result.rps}/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`);
    rounds.push(result);
  }
  const summary = {
    db: values.db,
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, node ${process.version}`,
    date: new Date().toISOString(),
    games: check.value.total,
    connections,
    duration,
    rounds,
    median: Object.fromEntries(['rps', 'p50', 'p95', 'p99'].map((k) => [k, median(rounds.map((r) => r[k]))])),
  };
  console.log(JSON.stringify(summary, null, 2));
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, `bench/results/games-${values.db}.json`), `${JSON.stringify(summary, null, 2)}\n`);
} finally {
  await stop(portal);
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (values.db === 'postgres') {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: values['pg-url'] });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
    await client.end();
  }
}
