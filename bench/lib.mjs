import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

/** CPUs, their model, memory and Node version, as every benchmark's results record them. */
export function machineDescription() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
}

/** Length of a clock tick of /proc's CPU times, in ms (USER_HZ is 100 on Linux). */
export const TICK_MS = 10;

/**
 * The CPUs' time so far (Linux `/proc/stat`, in clock ticks): `busy` is all but idle and I/O wait, `kernel` the part
 * of it spent in the kernel (system, irq, softirq), `steal` the time the hypervisor gave a virtual CPU's turn to
 * another guest. Null where there is no /proc/stat.
 */
export function cpuTimes() {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user)
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, busy: total - fields[3] - fields[4], kernel: fields[2] + fields[5] + fields[6], steal: fields[7] };
  } catch {
    return null;
  }
}

/**
 * Between two `cpuTimes()` readings: the share of the CPUs' time the hypervisor took (steal), and the share of their
 * busy time spent in the kernel. Each is undefined where the readings cannot tell.
 */
export function cpuShares(before, after) {
  const share = (part, whole) =>
    !before || !after || after[whole] === before[whole]
      ? undefined
      : +((after[part] - before[part]) / (after[whole] - before[whole])).toFixed(3);
  return { stolenShare: share('steal', 'total'), kernelShare: share('kernel', 'busy') };
}

/**
 * What one system call costs on this machine, in ns: the median of 3 rounds of 1-byte reads of /dev/zero through
 * `fs.readSync` (Node's own part included). Where entering the kernel is slow (page-table isolation on a CPU
 * without PCID, a guest inside a guest), every socket call of a server and every message between a browser's
 * processes pays it. Null where there is no /dev/zero.
 */
export function systemCallNs(calls = 100_000) {
  let fd;
  try {
    fd = fs.openSync('/dev/zero', 'r');
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(1);
    const round = () => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) fs.readSync(fd, buffer, 0, 1, null);
      return Number(process.hrtime.bigint() - started) / calls;
    };
    round(); // warm-up
    return Math.round(median([round(), round(), round()]));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * CPU time of process `pid` so far (`/proc/<pid>/stat`, in clock ticks): its own (user + system) and that of its
 * exited, reaped children. Null where there is no such process or no /proc.
 */
export function processTimes(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (in parentheses, may hold spaces): utime, stime, cutime, cstime are 12th to 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    return { comm, own: +fields[11] + +fields[12], children: +fields[13] + +fields[14] };
  } catch {
    return null;
  }
}

/** The nearest-rank percentile `p` of ascending `sorted` values. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Starts a child process and resolves once `url` answers 200. Refuses when something already answers there: a
 * process left over from an earlier run would otherwise be measured in place of this one.
 */
export async function startProcess(args, env, readyUrl, timeoutMs = 60_000) {
  if (await answers(readyUrl)) throw new Error(`${readyUrl} already answers: another process holds its port`);
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', () => {});
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (await answers(readyUrl)) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${readyUrl} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the portal (apps/server/src/main.ts) on 127.0.0.1:`port` with `env` over the bench defaults (warnings only)
 * and resolves once it is ready; `profile` writes a V8 CPU profile of it into that folder.
 */
export function startPortal(port, env, { profile, timeoutMs = 120_000 } = {}) {
  return startProcess(
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : []),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
    ],
    { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    `http://127.0.0.1:${port}/readyz`,
    timeoutMs,
  );
}

/** The operator's headers for `send` (portalSender), with the captcha off so that the bench's players can sign in. */
export async function operatorHeaders(send, operator) {
  const { token } = await send('POST', '/admin/api/session', operator);
  const admin = { authorization: `Bearer ${token}` };
  const brand = await send('GET', '/admin/api/settings/brand', undefined, admin);
  await send('PUT', '/admin/api/settings/brand', { ...brand, captchaEnabled: false }, admin);
  return admin;
}

/** Credits a member's cash by an operator adjustment, once per account whatever the retries. */
export function fundMember(send, admin, account, amount) {
  return send(
    'POST',
    `/admin/api/members/${account}/adjustments`,
    { amount, reason: 'bench funding' },
    { ...admin, 'idempotency-key': `bench-fund-${account}` },
  );
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Pins every thread of process `pid` to the CPUs in `cpus` (a taskset list: "0", "1-3"). Returns false where
 * that is not possible (no taskset, not Linux).
 */
export function pinToCpus(pid, cpus) {
  try {
    execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * One autocannon run; bounded in time, loopback only. With `serverPid`, it also tells which side bounded the rate:
 * the share of one CPU the load generator (this process) used, and the server's CPU time per request.
 */
export async function load(url, { connections = 50, duration = 10, headers = {}, serverPid } = {}) {
  const clientBefore = process.cpuUsage();
  const serverBefore = serverPid ? processTimes(serverPid) : null;
  const startedAt = performance.now();
  const result = await autocannon({ url, connections, duration, headers });
  const elapsedMs = performance.now() - startedAt;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
  const client = process.cpuUsage(clientBefore);
  const serverAfter = serverPid ? processTimes(serverPid) : null;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    loadGeneratorCpuShare: +((client.user + client.system) / 1000 / elapsedMs).toFixed(2),
    serverCpuUsPerRequest:
      serverBefore === null || serverAfter === null || !result.requests.total
        ? undefined
        : +(((serverAfter.own - serverBefore.own) * TICK_MS * 1000) / result.requests.total).toFixed(1),
  };
}

/**
 * A caller of the portal's JSON API at `base` that unwraps the envelope (and throws on a refusal). Each call comes
 * from another address (X-Forwarded-For, with TRUST_PROXY on), so the per-address limits of sign-up and login
 * calls do not trip while a benchmark sets up its accounts.
 */
export function portalSender(base) {
  let nextAddress = 0;
  const address = () => {
    nextAddress++;
    return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
  };
  return async function send(method, url, body, headers = {}) {
    const response = await fetch(base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-forwarded-for': address(),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok || !json.success) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
    return json.value;
  };
}

/** Runs `work` over `items`, `concurrency` at a time. */
export async function each(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}
