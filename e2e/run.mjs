// `npm run test:e2e`: builds the web app when stale, then runs the browser journeys (Vitest + playwright-core).
// Arguments go to Vitest: `npm run test:e2e -- games` runs e2e/games.e2e.ts only.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild } from '../scripts/web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureWebBuild();
const result = spawnSync('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
