// PostgreSQL helpers of the benchmarks: psql and pgbench against the machine's server, and CPU accounting from
// /proc (who used the two cores during a phase).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { cpuTimes, processTimes, TICK_MS } from './lib.mjs';

/**
 * CPU used so far, in ms: the portal, PostgreSQL (live processes plus what the postmaster reaped), this process with
 * autocannon, its exited children (pgbench), and the whole machine. Differences over a phase tell who used the two
 * cores, including processes that are no part of the benchmark.
 */
/** CPU used so far by the server, PostgreSQL, this process and its children, the machine, and `others` (name → pid). */
export function cpuSnapshot(serverPid, others = {}) {
  const server = processTimes(serverPid)?.own ?? 0;
  let postgres = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const t = processTimes(pid);
    if (t?.comm.startsWith('postgres') || t?.comm.startsWith('postmaster')) postgres += t.own + t.children;
  }
  const self = processTimes('self');
  const busy = cpuTimes()?.busy ?? 0;
  return {
    server: server * TICK_MS,
    postgres: postgres * TICK_MS,
    bench: (self?.own ?? 0) * TICK_MS,
    children: (self?.children ?? 0) * TICK_MS,
    busy: busy * TICK_MS,
    ...Object.fromEntries(Object.entries(others).map(([name, pid]) => [name, (processTimes(pid)?.own ?? 0) * TICK_MS])),
  };
}

export function cpuDelta(before, after, seconds, count) {
  const d = Object.fromEntries(Object.keys(before).map((k) => [k, after[k] - before[k]]));
  const others = Object.keys(d).filter((k) => !['server', 'postgres', 'bench', 'children', 'busy'].includes(k));
  const known = d.server + d.postgres + d.bench + d.children + others.reduce((sum, k) => sum + d[k], 0);
  return {
    // Cores used over the phase (2 = both).
    cores: Object.fromEntries(
      Object.entries({ ...d, other: Math.max(0, d.busy - known) }).map(([k, v]) => [
        k,
        +(v / 1000 / seconds).toFixed(2),
      ]),
    ),
    // CPU ms per request (per transaction for pgbench).
    msPer: {
      server: +(d.server / count).toFixed(3),
      postgres: +(d.postgres / count).toFixed(3),
      loadGenerator: +((d.bench + d.children) / count).toFixed(3),
      ...Object.fromEntries(others.map((k) => [k, +(d[k] / count).toFixed(3)])),
    },
  };
}

/** psql and pgbench for the server of `url` (host, port and user from it). */
export function postgresTools(url) {
  const pgUrl = new URL(url);
  const args = [
    '-h',
    pgUrl.hostname,
    '-p',
    pgUrl.port || '5432',
    '-U',
    decodeURIComponent(pgUrl.username || 'postgres'),
  ];

  function psql(database, command) {
    const run = spawnSync('psql', [...args, '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAtc', command], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`psql: ${run.stderr}`);
    return run.stdout;
  }

  /** The cluster's WAL counters; differences over a phase say how much WAL its commits had to flush. */
  function walSnapshot() {
    const [records, fpi, bytes] = psql('test', 'SELECT wal_records, wal_fpi, wal_bytes FROM pg_stat_wal')
      .trim()
      .split('|')
      .map(Number);
    return { records, fpi, bytes };
  }

  /** WAL written per transaction (per pair) over a phase, from two `walSnapshot`s. */
  function walPer(before, after, count) {
    const per = (key) => +((after[key] - before[key]) / count).toFixed(1);
    return { records: per('records'), fullPageImages: per('fpi'), bytes: Math.round(per('bytes')) };
  }

  /** pgbench's own database at `scale` (tpcb-like updates one random branch row; 50 spreads 50 clients). */
  function pgbenchInit(database, scale) {
    psql('test', `DROP DATABASE IF EXISTS ${database}`);
    psql('test', `CREATE DATABASE ${database}`);
    const init = spawnSync('pgbench', [...args, '-i', '-q', '-s', String(scale), database], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i: ${init.stderr}`);
  }

  /**
   * One pgbench tpcb-like round; tps without the initial connection time. PostgreSQL here allows 100 connections
   * and the portal's pool keeps its connections 30 s after use, so wait until `clients` more fit.
   */
  async function pgbench({ database, clients, duration, serverPid }) {
    for (let waited = 0; waited < 45; waited++) {
      const open = Number(psql('test', 'SELECT count(*) FROM pg_stat_activity'));
      const max = Number(psql('test', 'SHOW max_connections'));
      if (open + clients + 3 <= max) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const before = cpuSnapshot(serverPid);
    const walBefore = walSnapshot();
    const run = spawnSync(
      'pgbench',
      [...args, '-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(duration), database],
      { encoding: 'utf8' },
    );
    const tps = run.stdout.match(/tps = ([\d.]+) \(without initial connection time\)/);
    const latency = run.stdout.match(/latency average = ([\d.]+) ms/);
    const failed = run.stdout.match(/number of failed transactions: (\d+)/);
    if (run.status !== 0 || !tps) throw new Error(`pgbench: ${run.stdout}\n${run.stderr}`);
    return {
      tps: Number(tps[1]),
      latencyAvgMs: latency ? Number(latency[1]) : null,
      failed: failed ? Number(failed[1]) : 0,
      cpu: cpuDelta(before, cpuSnapshot(serverPid), duration, Number(tps[1]) * duration),
      walPerTransaction: walPer(walBefore, walSnapshot(), Number(tps[1]) * duration),
    };
  }

  return { psql, pgbenchInit, pgbench, walSnapshot, walPer };
}
