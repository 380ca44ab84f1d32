// `npm test`: every unit and API test (embedded database), then the browser journeys when Chromium is present.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

const unit = run('npx', ['vitest', 'run']);
if (unit !== 0) process.exit(unit);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`End-to-end tests need Chromium at ${chromium} (apt-get install -y chromium).`);
    process.exit(1);
  }
  console.log(
    `\nEnd-to-end journeys skipped: no Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
  );
  process.exit(0);
}
process.exit(run('npm', ['run', 'test:e2e']));
