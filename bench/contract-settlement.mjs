// Settlement of one daily-wage window for 10,000 contracts (issue 29: at most 10 s), on PostgreSQL. The data is
// bench/team-data.mjs's with half the members agents: 20,000 members under one agent, 1,000,000 settled bets over 30
// days; every agent, the top one included, holds a daily-wage contract from its upline (the top one's from the
// platform). Each round settles yesterday's Dhaka day under a key of its own through the portal's own settlement code
// (ContractSettlement.settleWindow: the teams' figures, the statements, their rows and their wallet payments), so the
// rounds do the same work; the median of the rounds is reported with the machine and its load.
//
//   node bench/contract-settlement.mjs [--pg-url postgres://postgres@127.0.0.1:5432/test] [--schema bench_contracts]
//                                      [--members 20000] [--bets 1000000] [--rounds 3] [--reuse]
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { machineDescription, root } from './lib.mjs';

const { values } = parseArgs({
  options: {
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    schema: { type: 'string', default: 'bench_contracts' },
    members: { type: 'string', default: '20000' },
    bets: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    reuse: { type: 'boolean', default: false },
  },
});
const schema = values.schema;
if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schema)) throw new Error('--schema: lower-case letters, digits and _');

if (!values.reuse) {
  const made = spawnSync(
    process.execPath,
    [
      'bench/team-data.mjs',
      '--pg-url',
      values['pg-url'],
      '--schema',
      schema,
      '--members',
      values.members,
      '--bets',
      values.bets,
      '--days',
      '30',
      '--agent-share',
      '0.5',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error('bench data failed');
}

const client = new pg.Client({ connectionString: values['pg-url'] });
await client.connect();
await client.query(`SET search_path TO ${schema}`);
// Every agent's contract: the same table as its upline's (an offer may equal, never exceed, the offerer's own).
await client.query('DELETE FROM agent_contract_events');
await client.query('DELETE FROM agent_contract_settlements');
await client.query('DELETE FROM agent_contracts');
const { rowCount: contracts } = await client.query(`
  INSERT INTO agent_contracts (type, holder_id, offerer_id, terms, state, offered_at, accepted_at)
  SELECT 'dailyWage', m.id, CASE WHEN up.type IN (1, 2, 41, 42) THEN up.id END,
         '{"type":"dailyWage","tiers":[{"minBet":"0.00","rate":"0.50"},{"minBet":"5000.00","rate":"0.80"}]}',
         'active', now() - interval '40 days', now() - interval '40 days'
    FROM members m LEFT JOIN members up ON up.id = m.upline_id
   WHERE m.type IN (1, 2, 41, 42)`);
await client.end();
console.log(`contracts: ${contracts}`);

const settle = `
  import { loadConfig } from './apps/server/src/config.ts';
  import { openDatabase } from './apps/server/src/db/connection.ts';
  import { buildApp } from './apps/server/src/app.ts';
  import { rangeInstants, today } from '@portal/shared/date-range';
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SETTINGS_CACHE_MS: '60000' });
  const database = await openDatabase({ url: process.env.URL, schema: process.env.SCHEMA, poolSize: 10 });
  const app = await buildApp({ config, database });
  await app.services.settings.update('agentContracts', {
    ...(await app.services.settings.snapshot()).get('agentContracts'),
    minActiveMembers: { dividend: 0, dailyWage: 0, hourlySalary: 0, realTimeSalary: 0 },
  }, { name: 'bench', ip: '127.0.0.1' });
  const yesterday = new Date(Date.now() - 86_400_000);
  const { start, end } = rangeInstants({ from: today(yesterday), to: today(yesterday) });
  const window = { key: 'bench:' + process.env.ROUND + ':' + Date.now(), start, end, period: null };
  const started = performance.now();
  const settled = await app.contracts.settlement.settleWindow('dailyWage', window);
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, statements: settled.statements, paid: settled.paid.toString() }));
  await app.close();
  await database.close();`;

const results = [];
for (let round = 1; round <= Number(values.rounds); round++) {
  const load = os.loadavg()[0];
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', settle], {
    cwd: root,
    env: { ...process.env, URL: values['pg-url'], SCHEMA: schema, ROUND: String(round) },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`settlement failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout.trim().split('\n').pop());
  results.push({ ...result, load });
  console.log(
    `round ${round}: ${(result.ms / 1000).toFixed(2)} s, ${result.statements} statements, load ${load.toFixed(1)}`,
  );
}
const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  `\n${contracts} contracts, one daily window: median ${(median / 1000).toFixed(2)} s over ${results.length} rounds ` +
    `(${sorted.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s); ${machineDescription()}`,
);
