// `npm run bench`: every benchmark of this folder, one after another; `npm run bench -- ledger` (or http, auth,
// games, seamless, team-tree, lottery-settlement, lottery-bets, studio-spin, studio-launch, lighthouse) runs only the
// named ones. bench/team-reports.mjs reads the data of bench/team-data.mjs and is run on its own (bench/README.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const all = [
  // The settings bench/README.md quotes its figures with.
  ['bench/http.mjs', '--db', 'pglite', '--runs', '5', '--duration', '4'],
  ['bench/http.mjs', '--db', 'postgres', '--runs', '5', '--duration', '4'],
  ['bench/auth.mjs', '--db', 'pglite'],
  ['bench/auth.mjs', '--db', 'postgres'],
  ['bench/ledger.mjs'],
  ['bench/games.mjs'],
  ['bench/seamless.mjs'],
  ['bench/team-tree.mjs'],
  ['bench/lottery-settlement.mjs'],
  ['bench/lottery-bets.mjs'],
  ['bench/studio-spin.mjs'],
  ['bench/studio-launch.mjs'],
  ['bench/lighthouse.mjs', '--runs', '5'],
];
const only = process.argv.slice(2);
const unknown = only.filter((name) => !all.some(([script]) => path.basename(script, '.mjs') === name));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark: ${unknown.join(', ')} (known: ${all.map(([script]) => path.basename(script, '.mjs')).join(', ')})`,
  );
  process.exit(2);
}
for (const args of all) {
  if (only.length > 0 && !only.includes(path.basename(args[0], '.mjs'))) continue;
  const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
