import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '..');
export const E2E_ADMIN = { username: 'e2e-operator', password: 'e2e-password-123' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    admin: { username: string; password: string };
  }
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Starts the real server on a fresh embedded database with the built web app. */
export async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const port = 3700 + Math.floor(Math.random() * 200);
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USER: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Operator changes must show on the next page load.
      SETTINGS_CACHE_MS: '0',
      CONTENT_CACHE_MS: '0',
      // Journeys that come "from a new address" send X-Forwarded-For, as a load balancer would.
      TRUST_PROXY: 'true',
      // The contracts journey watches a daily wage paid: a minute's window, settled a minute after it ends.
      CONTRACT_DAILY_WAGE_WINDOW_MS: '60000',
      CONTRACT_SETTLE_DELAY_MS: '61000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('admin', E2E_ADMIN);
}

export async function teardown() {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
