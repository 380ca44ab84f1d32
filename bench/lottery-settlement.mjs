// Settlement of one lottery draw holding --bets bets (issue 30: 100,000 in at most 3 s, exactly once with a second
// settler running), on PostgreSQL. A migrated portal schema gets --members members with cash accounts, then per round
// a drawn WINGO_1M draw with its bets written set-based (random bet types, selections and members; the stakes are not
// posted, since only the settlement is timed). The portal's own settlement code (LotterySettlement.settle) is started
// twice at once on the draw; the round's time is from the start until both return. Each round then checks that no
// bet is left pending, that every won bet names a win entry, and that the draw's win entries pay exactly what its
// bets record (so nothing was paid twice). The median of the rounds is reported with the machine and its load.
//
//   node bench/lottery-settlement.mjs [--pg-url postgres://postgres@127.0.0.1:5432/test] [--schema bench_lottery]
//                                     [--members 20000] [--bets 100000] [--rounds 3]
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { machineDescription, root } from './lib.mjs';

const { values } = parseArgs({
  options: {
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    schema: { type: 'string', default: 'bench_lottery' },
    members: { type: 'string', default: '20000' },
    bets: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
  },
});
const schema = values.schema;
if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schema)) throw new Error('--schema: lower-case letters, digits and _');
const members = Number(values.members);
const bets = Number(values.bets);
const rounds = Number(values.rounds);
if (![members, bets, rounds].every((n) => Number.isInteger(n) && n > 0)) throw new Error('counts must be positive');

const client = new pg.Client({ connectionString: values['pg-url'] });
await client.connect();
const sql = (text, params) => client.query(text, params);

await sql(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
const migrate = `
  import { openDatabase } from './apps/server/src/db/connection.ts';
  import { migrateToLatest } from './apps/server/src/db/migrate.ts';
  const handle = await openDatabase({ url: process.env.URL, schema: process.env.SCHEMA, poolSize: 2 });
  await migrateToLatest(handle);
  await handle.close();`;
const migrated = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', migrate], {
  cwd: root,
  env: { ...process.env, URL: values['pg-url'], SCHEMA: schema },
  encoding: 'utf8',
});
if (migrated.status !== 0) throw new Error(`migration failed: ${migrated.stderr}`);

await sql(`SET search_path TO ${schema}`);
await sql(`INSERT INTO members (account, account_key, type, invite_code, contacts)
           SELECT 'l' || g, 'l' || g, 0, 'LB' || lpad(g::text, 8, '0'), '{}' FROM generate_series(1, ${members}) g`);
await sql(`INSERT INTO ledger_accounts (code, kind, member_id, currency, tracks_balance)
           SELECT 'member:' || m.id || ':member_cash:bdt', 'member_cash', m.id, 'BDT', true FROM members m
            WHERE m.account_key ~ '^l[0-9]+$'`);
console.log(`members: ${members}`);

// WINGO bet types and selections, as rules.ts takes them.
const PLAYS = [
  ...Array.from({ length: 10 }, (_, n) => ['number', String(n)]),
  ['colour', 'green'],
  ['colour', 'red'],
  ['colour', 'violet'],
  ['size', 'big'],
  ['size', 'small'],
];

async function prepareDraw(round) {
  const numero = `20990101${String(round).padStart(4, '0')}`;
  const { rows } = await sql(
    `INSERT INTO lottery_draws (game_code, numero, open_at, lock_at, draw_at, status, server_seed, server_seed_hash,
                                result, drawn_at)
     VALUES ('WINGO_1M', $1, now(), now(), now(), 'drawn', repeat('0', 64), repeat('0', 64), $2, now())
     RETURNING id`,
    [numero, JSON.stringify({ number: round % 10 })],
  );
  const drawId = rows[0].id;
  // Each bet picks its member, play and stake at random, row by row.
  await sql(
    `WITH accounts AS (
       SELECT id, member_id, row_number() OVER (ORDER BY id) AS r FROM ledger_accounts WHERE kind = 'member_cash'),
     picks AS (
       SELECT g, 1 + floor(random() * ${members})::int AS r, 1 + floor(random() * ${PLAYS.length})::int AS p,
              100 * (1 + floor(random() * 50)::int) AS stake
         FROM generate_series(1, ${bets}) g)
     INSERT INTO lottery_bets (member_id, account_id, request_key, request_hash, draw_id, game_code, numero, bet_type,
                               selection, stake_minor, multiple, amount_minor)
     SELECT a.member_id, a.id, 'bench:' || $1::text || ':' || p.g, 'bench', $1::bigint, 'WINGO_1M', $2,
            ($3::text[])[p.p], ($4::text[])[p.p], p.stake, 1, p.stake
       FROM picks p JOIN accounts a ON a.r = p.r`,
    [drawId, numero, PLAYS.map(([type]) => type), PLAYS.map(([, selection]) => selection)],
  );
  await sql('ANALYZE lottery_bets');
  return drawId;
}

const settle = `
  import { loadConfig } from './apps/server/src/config.ts';
  import { openDatabase } from './apps/server/src/db/connection.ts';
  import { buildApp } from './apps/server/src/app.ts';
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SETTINGS_CACHE_MS: '60000' });
  const database = await openDatabase({ url: process.env.URL, schema: process.env.SCHEMA, poolSize: 10 });
  const app = await buildApp({ config, database });
  const started = performance.now();
  const [a, b] = await Promise.all([
    app.lottery.settlement.settle(process.env.DRAW),
    app.lottery.settlement.settle(process.env.DRAW),
  ]);
  const ms = performance.now() - started;
  console.log(JSON.stringify({ ms, settled: a.settled + b.settled, paid: (a.paid + b.paid).toString() }));
  await app.close();
  await database.close();`;

const results = [];
for (let round = 1; round <= rounds; round++) {
  const drawId = await prepareDraw(round);
  const load = os.loadavg()[0];
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', settle], {
    cwd: root,
    env: { ...process.env, URL: values['pg-url'], SCHEMA: schema, DRAW: String(drawId) },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`settlement failed: ${run.stderr}`);
  const result = JSON.parse(run.stdout.trim().split('\n').pop());
  const { rows } = await sql(
    `SELECT (SELECT count(*) FROM lottery_bets WHERE draw_id = $1::bigint AND status = 'pending')::int AS pending,
            (SELECT count(*) FROM lottery_bets
              WHERE draw_id = $1::bigint AND status = 'won' AND settle_entry_id IS NULL)::int AS unpaid,
            (SELECT coalesce(sum(payout_minor), 0) FROM lottery_bets WHERE draw_id = $1::bigint)::text AS recorded,
            (SELECT coalesce(sum(l.amount_minor), 0) FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
              WHERE e.idempotency_key LIKE 'lottery-win:' || $1::text || ':%' AND l.amount_minor > 0)::text AS posted`,
    [drawId],
  );
  const check = rows[0];
  if (check.pending !== 0 || check.unpaid !== 0 || check.recorded !== check.posted || check.posted !== result.paid) {
    throw new Error(`round ${round} did not settle exactly once: ${JSON.stringify({ ...check, paid: result.paid })}`);
  }
  results.push({ ...result, load });
  console.log(
    `round ${round}: ${(result.ms / 1000).toFixed(2)} s for ${result.settled} bets, paid ${result.paid} minor, ` +
      `load ${load.toFixed(1)}`,
  );
}
await client.end();
const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  `\n${bets} bets of ${members} members, one draw, two settlers: median ${(median / 1000).toFixed(2)} s over ` +
    `${results.length} rounds (${sorted.map((ms) => (ms / 1000).toFixed(2)).join(' / ')} s); ${machineDescription()}`,
);
