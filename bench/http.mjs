// Requests per second of /wps/system/status and the announcements call under autocannon at 50 connections,
// as a ratio to a bare Fastify hello-world route measured in the same round; each round starts both servers afresh.
// Usage: node bench/http.mjs [--db pglite|postgres] [--runs 3] [--duration 10] [--no-pin]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  cpuShares,
  cpuTimes,
  load,
  machineDescription,
  median,
  pinToCpus,
  root,
  startProcess,
  stop,
  systemCallNs,
} from './lib.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'no-pin': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const duration = Number(values.duration);
const HELLO_PORT = 3901;
const PORTAL_PORT = 3902;

const cpuCount = os.cpus().length;
const serverCpus = cpuCount > 2 ? `1-${cpuCount - 1}` : '1';
const pinning = !values['no-pin'] && cpuCount >= 2;
const schemas = [];

/**
 * A fresh hello-world and portal for one round. The same portal code took 52 to 64 µs of CPU per status request
 * from one process to the next, while the rounds within one process agreed within a few per cent; a new pair per
 * round samples that spread.
 */
async function startServers(round) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const schema = `bench_${process.pid}_${round}`;
  const dbEnv =
    values.db === 'postgres' ? { DATABASE_URL: values['pg-url'], DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir };
  if (values.db === 'postgres') schemas.push(schema);
  const hello = await startProcess(
    ['bench/hello-server.mjs'],
    { PORT: String(HELLO_PORT) },
    `http://127.0.0.1:${HELLO_PORT}/hello`,
  );
  const portal = await startProcess(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      PORT: String(PORTAL_PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ADMIN_PASSWORD: 'bench-password-1',
      ...dbEnv,
    },
    `http://127.0.0.1:${PORTAL_PORT}/readyz`,
    120_000,
  ).catch(async (error) => {
    await stop(hello);
    throw error;
  });
  // The load generator gets CPU 0 and the servers the others. Left to the scheduler, the rate depended on where
  // the processes ran: two portals of the same code, loaded in turns, spent 45 and 62 µs of CPU per request.
  const pinned =
    pinning && pinToCpus(process.pid, '0') && pinToCpus(hello.pid, serverCpus) && pinToCpus(portal.pid, serverCpus);
  const stopAll = async () => {
    await stop(portal);
    await stop(hello);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { hello, portal, pinned, stopAll };
}

function targetsOf({ hello, portal }) {
  const announcements = `http://127.0.0.1:${PORTAL_PORT}/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W&language=bn`;
  return {
    hello: { url: `http://127.0.0.1:${HELLO_PORT}/hello`, serverPid: hello.pid },
    status: { url: `http://127.0.0.1:${PORTAL_PORT}/wps/system/status?url=localhost`, serverPid: portal.pid },
    announcements: { url: announcements, serverPid: portal.pid },
    // What a browser sends: the same answer, compressed (cached compressed by the server).
    'announcements (br)': {
      url: announcements,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      serverPid: portal.pid,
    },
  };
}

const names = ['hello', 'status', 'announcements', 'announcements (br)'];
let pinned = pinning;
try {
  const samples = Object.fromEntries(names.map((k) => [k, []]));
  // Hello-world is measured before and after the portal's targets in each round, and their mean is the round's
  // baseline: the machine's own speed drifted by half within minutes here, and a drift during the round then
  // counts on both sides of the ratio.
  const baselines = [];
  const syscallNs = systemCallNs();
  const cpuBefore = cpuTimes();
  for (let run = 0; run < runs; run++) {
    const servers = await startServers(run);
    pinned &&= servers.pinned;
    try {
      const targets = targetsOf(servers);
      for (const { url, headers } of Object.values(targets)) await load(url, { duration: 2, headers }); // warm-up
      for (const [name, { url, headers, serverPid }] of Object.entries(targets)) {
        samples[name].push(await load(url, { duration, headers, serverPid }));
      }
      const helloBefore = samples.hello.at(-1);
      samples.hello.push(await load(targets.hello.url, { duration, serverPid: targets.hello.serverPid }));
      baselines.push((helloBefore.rps + samples.hello.at(-1).rps) / 2);
    } finally {
      await servers.stopAll();
    }
  }
  const { stolenShare: stolen, kernelShare: kernel } = cpuShares(cpuBefore, cpuTimes());
  const roundRatios = Object.fromEntries(
    names
      .filter((name) => name !== 'hello')
      .map((name) => [name, samples[name].map((s, round) => +(s.rps / baselines[round]).toFixed(2))]),
  );
  const summary = Object.fromEntries(
    Object.entries(samples).map(([name, list]) => [
      name,
      {
        rps: Math.round(median(list.map((s) => s.rps))),
        p50: +median(list.map((s) => s.p50)).toFixed(1),
        p99: +median(list.map((s) => s.p99)).toFixed(1),
        // Which side bounded the rate: a load generator near 1.0 (one whole CPU) was the limit, not the server.
        loadGeneratorCpuShare: median(list.map((s) => s.loadGeneratorCpuShare)),
        serverCpuUsPerRequest: +median(list.map((s) => s.serverCpuUsPerRequest)).toFixed(1),
        runs: list.map((s) => Math.round(s.rps)),
      },
    ]),
  );
  const result = {
    db: values.db,
    connections: 50,
    duration,
    runs,
    pinned: pinned ? { loadGenerator: '0', servers: serverCpus } : false,
    machine: machineDescription(),
    // The CPUs' time the hypervisor took during the measured rounds (steal): a machine that gives its turns away
    // serves fewer requests, whatever the code.
    stolenShare: stolen,
    // Every request costs the server and the load generator a few system calls each, and what one costs differs
    // between machines: recorded with the share of the busy time the kernel took during the rounds.
    systemCallNs: syscallNs,
    kernelShare: kernel,
    date: new Date().toISOString(),
    summary,
    // Each round measures hello, the endpoints and hello again; the ratio is taken within a round (to the mean of its
    // two hello rates), then the median over rounds, so drift of the machine does not count as a difference.
    roundRatios,
    ratio: Object.fromEntries(Object.entries(roundRatios).map(([name, list]) => [name, median(list)])),
  };
  fs.writeFileSync(path.join(root, `bench/results/http-${values.db}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `\n${values.db}: median of ${runs} rounds × ${duration} s at 50 connections, each round on new server processes${pinned ? `; load generator on CPU 0, servers on CPU ${serverCpus}` : ''}`,
  );
  console.log(
    "| target | req/s (median) | p50 ms | p99 ms | ratio to hello (median of per-round ratios) | rounds' ratios | load generator CPU | server CPU µs/request |",
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, s] of Object.entries(summary)) {
    const ratio = name === 'hello' ? '1.00' : result.ratio[name].toFixed(2);
    const rounds =
      name === 'hello'
        ? baselines.map((_, round) => `${s.runs[2 * round]} → ${s.runs[2 * round + 1]}`).join(', ')
        : roundRatios[name].map((r) => r.toFixed(2)).join(', ');
    console.log(
      `| ${name} | ${s.rps} | ${s.p50} | ${s.p99} | ${ratio} | ${rounds} | ${Math.round(s.loadGeneratorCpuShare * 100)} % | ${s.serverCpuUsPerRequest ?? '?'} |`,
    );
  }
  if (Number.isFinite(stolen))
    console.log(`Hypervisor took ${(stolen * 100).toFixed(1)} % of the CPUs' time during the rounds`);
  if (Number.isFinite(kernel))
    console.log(
      `${Math.round(kernel * 100)} % of the busy time was in the kernel; a system call costs ${syscallNs} ns`,
    );
} finally {
  if (schemas.length > 0) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: values['pg-url'] });
    await client.connect();
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
    await client.end();
  }
}
