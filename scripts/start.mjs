// `npm start`: builds the web app if needed, then runs the server (embedded database unless DATABASE_URL is set) and,
// beside it, the demo game studio (apps/demo-studio; DEMO_STUDIO=false leaves it out).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureWebBuild();

const studio = process.env.DEMO_STUDIO !== 'false';
const env = { PAYMENT_SANDBOX: 'true', ...process.env };
if (studio && !env.ADMIN_PASSWORD) {
  const password = demoOperatorPassword(path.resolve(root, env.DATA_DIR ?? './data'));
  if (password) env.ADMIN_PASSWORD = password;
}

const children = [];
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  // The demo pays with test money through the sandbox gateway unless told otherwise.
  env,
});
children.push(server);
if (studio) {
  // Its own process and port (STUDIO_PORT, default PORT + 1): it reaches the portal over HTTP only, as a vendor does.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/demo-studio/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null)
      console.error(`The demo studio stopped (exit code ${code}); the portal runs on.`);
  });
  children.push(child);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  for (const child of children) if (child !== server) child.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});

/**
 * The studio connects its vendors through the operator API once, so it needs the operator's password. On a first start
 * (no embedded database yet) the password is made here instead of by the server, kept in the studio's data folder and
 * printed once; on later starts it is read back. A database made before, or PostgreSQL, needs ADMIN_PASSWORD set.
 */
function demoOperatorPassword(dataDir) {
  const file = path.join(dataDir, 'demo-studio', 'operator-password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const fresh = !process.env.DATABASE_URL && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!fresh) return null;
  const password = randomBytes(12).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  console.log(`\nFirst operator account: ${process.env.ADMIN_USER ?? 'admin'} / ${password} (kept in ${file})\n`);
  return password;
}
