// Login throughput with argon2id at 20 concurrent clients (requests/s, p50, p95), and the time to register
// 1,000 members through the public registration call.
// Usage: node bench/auth.mjs [--db pglite|postgres] [--runs 5] [--duration 10] [--members 1000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { machineDescription, median, operatorHeaders, percentile, root, startProcess, stop } from './lib.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    runs: { type: 'string', default: '5' },
    duration: { type: 'string', default: '10' },
    members: { type: 'string', default: '1000' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const runs = Number(values.runs);
const durationMs = Number(values.duration) * 1000;
const memberCount = Number(values.members);
const CONCURRENCY = 20;
const PORT = 3903;
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { username: 'bench-operator', password: 'bench-password-1' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-auth-'));
const schema = `bench_auth_${process.pid}`;
const dbEnv =
  values.db === 'postgres' ? { DATABASE_URL: values['pg-url'], DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir };

// Each simulated client comes from its own address (TRUST_PROXY reads X-Forwarded-For), as real players do; the
// per-address rate limits would otherwise measure the limiter, not the login.
let nextAddress = 0;
const address = () => {
  nextAddress++;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

async function send(method, url, body, headers = {}) {
  const response = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok || !json.success) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json.value;
}

/** CONCURRENCY clients logging in back to back for durationMs; every login must succeed. */
async function loginRound(accounts) {
  const latencies = [];
  const deadline = performance.now() + durationMs;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      let i = client;
      while (performance.now() < deadline) {
        const account = accounts[i++ % accounts.length];
        const t0 = performance.now();
        await send('POST', '/wps/session/login', { type: 'username', username: account, password: 'Bench1234' });
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    count: latencies.length,
  };
}

const portal = await startProcess(
  ['--import', 'tsx', 'apps/server/src/main.ts'],
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
    ADMIN_USER: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...dbEnv,
  },
  `${base}/readyz`,
  120_000,
);

try {
  await operatorHeaders(send, ADMIN);

  // 1,000 registrations through the public call, 20 at a time, each one hashing its password with argon2id.
  const registerStarted = performance.now();
  let registered = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (registered < memberCount) {
        const n = registered++;
        await send('PUT', '/wps/member/register', {
          username: `bench${String(n).padStart(5, '0')}`,
          password: 'Bench1234',
          confirmPassword: 'Bench1234',
          acceptTerms: true,
        });
      }
    }),
  );
  const registerSeconds = (performance.now() - registerStarted) / 1000;

  const accounts = Array.from({ length: Math.min(200, memberCount) }, (_, n) => `bench${String(n).padStart(5, '0')}`);
  await loginRound(accounts.slice(0, 20)); // warm-up
  const rounds = [];
  for (let run = 0; run < runs; run++) rounds.push(await loginRound(accounts));

  const result = {
    db: values.db,
    machine: machineDescription(),
    date: new Date().toISOString(),
    argon2id: { memoryKiB: 19_456, iterations: 2, parallelism: 1 },
    registration: { members: memberCount, concurrency: CONCURRENCY, seconds: +registerSeconds.toFixed(1) },
    login: {
      concurrency: CONCURRENCY,
      durationSeconds: durationMs / 1000,
      runs,
      rps: +median(rounds.map((r) => r.rps)).toFixed(1),
      p50Ms: +median(rounds.map((r) => r.p50)).toFixed(1),
      p95Ms: +median(rounds.map((r) => r.p95)).toFixed(1),
      rounds: rounds.map((r) => ({ rps: +r.rps.toFixed(1), p95Ms: +r.p95.toFixed(1), logins: r.count })),
    },
  };
  fs.writeFileSync(path.join(root, `bench/results/auth-${values.db}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
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
