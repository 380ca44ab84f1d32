// `npm run bench`: every benchmark of this folder, one after another.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
for (const args of [
  ['bench/http.mjs', '--db', 'pglite'],
  ['bench/http.mjs', '--db', 'postgres'],
  ['bench/auth.mjs', '--db', 'pglite'],
  ['bench/auth.mjs', '--db', 'postgres'],
  ['bench/lighthouse.mjs'],
]) {
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
