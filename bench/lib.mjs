import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

/** CPUs, their model, memory and Node version, as every benchmark's results record them. */
export function machineDescription() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
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

/** Starts a child process and resolves once `url` answers 200. */
export async function startProcess(args, env, readyUrl, timeoutMs = 60_000) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.on('data', () => {});
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(readyUrl)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${readyUrl} did not answer within ${timeoutMs} ms`);
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

/** One autocannon run; bounded in time, loopback only. */
export async function load(url, { connections = 50, duration = 10, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
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
