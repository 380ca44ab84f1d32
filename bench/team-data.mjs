// Bench data for the agent centre (issue 29): one agent with a team of --members downlines in a random tree, and
// --bets settled vendor rounds over --days days, in a migrated portal schema on PostgreSQL. The portal's own
// migrations make the schema; the rows are then written set-based inside PostgreSQL (INSERT ... SELECT over
// generate_series), not through the wallet's door, which would take hours at this size. The books still reconcile:
// every round is a balanced bet entry and, when it pays, a balanced win entry on the member's cash and the vendor's
// clearing account; every member is funded first by a confirmed deposit (a balanced entry against the channel's
// clearing account) of what its rounds stake, so no running balance goes below zero; each line carries the member's
// balance after it; the stored balances are the sums of the lines. The generator ends by running the ledger's
// reconciliation query and fails if it does not hold. Not written: withdrawals, transfers and bonuses.
//
//   node bench/team-data.mjs [--pg-url postgres://postgres@127.0.0.1:5432/test] [--schema bench_team]
//                            [--members 10000] [--bets 1000000] [--days 30] [--seed 29] [--agent-share 0.04]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { root } from './lib.mjs';

const { values } = parseArgs({
  options: {
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    schema: { type: 'string', default: 'bench_team' },
    members: { type: 'string', default: '10000' },
    bets: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string', default: '29' },
    // The share of members who are agents (types 2, 41, 42); the contract settlement bench wants many.
    'agent-share': { type: 'string', default: '0.04' },
  },
});
const agentShare = Number(values['agent-share']);
if (!(agentShare > 0 && agentShare <= 1)) throw new Error('--agent-share: a fraction in (0, 1]');
const schema = values.schema;
if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schema)) throw new Error('--schema: lower-case letters, digits and _');
const members = Number(values.members);
const bets = Number(values.bets);
const days = Number(values.days);
if (![members, bets, days].every((n) => Number.isInteger(n) && n > 0)) throw new Error('counts must be positive');

const timings = {};
async function phase(name, work) {
  const started = performance.now();
  const result = await work();
  timings[name] = +((performance.now() - started) / 1000).toFixed(1);
  console.log(`${name}: ${timings[name]} s`);
  return result;
}

const client = new pg.Client({ connectionString: values['pg-url'] });
await client.connect();
const sql = (text, params) => client.query(text, params);

await phase('schema', async () => {
  await sql(`DROP SCHEMA IF EXISTS ${schema}, ${schema}_pgboss CASCADE`);
  // The portal's migrations, functions and job store, exactly as a node applies them at start.
  const migrate = `
    import { openDatabase } from './apps/server/src/db/connection.ts';
    import { migrateToLatest } from './apps/server/src/db/migrate.ts';
    const handle = await openDatabase({ url: process.env.URL, schema: process.env.SCHEMA, poolSize: 2 });
    await migrateToLatest(handle);
    await handle.close();`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', migrate], {
    cwd: root,
    env: { ...process.env, URL: values['pg-url'], SCHEMA: schema },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`migration failed: ${run.stderr}`);
});

await sql(`SET search_path TO ${schema}`);
await sql('SET synchronous_commit TO off');
await sql(`SELECT setseed(${1 / (Number(values.seed) + 1)})`);

await phase('members', async () => {
  await sql('BEGIN');
  // The agent, then its team in a random tree: about 4 % agents (types 2, 41, 42), each member's upline an agent
  // inserted before it (later agents more likely), so uplines exist first; 10,000 members make a tree about 16 deep.
  await sql(`INSERT INTO members (account, account_key, type, invite_code, contacts, created_at, last_login_at)
             VALUES ('benchagent', 'benchagent', 1, 'BENCHAGENT', '{}', now() - interval '60 days', now())`);
  await sql(`CREATE TEMP TABLE plan_members ON COMMIT DROP AS
             SELECT g AS n, CASE WHEN g <= 12 OR random() < ${agentShare} THEN (ARRAY[2, 41, 42])[1 + floor(random() * 3)::int]
                                 ELSE 0 END AS type,
                    now() - make_interval(secs => (${days} + 1) * 86400 * (1 - g::float8 / ${members}) + random() * 3600)
                      AS created_at
               FROM generate_series(1, ${members}) g`);
  // Each member's upline: the agent for the first dozen, else a random earlier agent of the plan (or the agent).
  const { rows: plan } = await sql('SELECT n, type FROM plan_members ORDER BY n');
  const uplineOf = new Map();
  const agents = [0];
  let state = Number(values.seed) >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (const { n, type } of plan) {
    // Later agents weigh more, so the tree grows deep as well as wide.
    const pickAt = n <= 12 ? 0 : Math.floor(agents.length * Math.sqrt(random()));
    uplineOf.set(n, agents[Math.min(pickAt, agents.length - 1)]);
    if (type !== 0) agents.push(n);
  }
  await sql(
    `CREATE TEMP TABLE plan_uplines ON COMMIT DROP AS
     SELECT * FROM unnest($1::int[], $2::int[]) AS u(n, upline_n)`,
    [[...uplineOf.keys()], [...uplineOf.values()]],
  );
  // Level by level (depth of the planned tree), so an upline's row is in before its downline's.
  await sql(`CREATE TEMP TABLE plan_depth ON COMMIT DROP AS
             WITH RECURSIVE d AS (
               SELECT u.n, 1 AS depth FROM plan_uplines u WHERE u.upline_n = 0
               UNION ALL SELECT u.n, d.depth + 1 FROM plan_uplines u JOIN d ON u.upline_n = d.n)
             SELECT * FROM d`);
  const { rows: depths } = await sql('SELECT DISTINCT depth FROM plan_depth ORDER BY depth');
  for (const { depth } of depths) {
    await sql(
      `INSERT INTO members (account, account_key, type, status, invite_code, contacts, upline_id, referrer_id,
                            country_dialing_code, mobile_num, mobile_verified, created_at, last_login_at)
       SELECT 'b' || p.n, 'b' || p.n, p.type, CASE WHEN random() < 0.03 THEN 'disabled' ELSE 'active' END,
              'BT' || lpad(p.n::text, 8, '0'), '{}', up.id, up.id, '880', '17' || lpad(p.n::text, 8, '0'), true,
              p.created_at, now() - make_interval(secs => random() * 86400 * 3)
         FROM plan_members p JOIN plan_depth d ON d.n = p.n AND d.depth = $1
         JOIN plan_uplines u ON u.n = p.n
         JOIN members up ON up.account_key = CASE WHEN u.upline_n = 0 THEN 'benchagent' ELSE 'b' || u.upline_n END
        ORDER BY p.n`,
      [depth],
    );
  }
  await sql(`INSERT INTO ledger_accounts (code, kind, member_id, currency, tracks_balance)
             SELECT 'member:' || m.id || ':member_cash:bdt', 'member_cash', m.id, 'BDT', true FROM members m
              WHERE m.account_key ~ '^b[0-9]+$'`);
  await sql('COMMIT');
  const { rows } = await sql(`SELECT max(depth) AS depth FROM (
      WITH RECURSIVE t AS (SELECT id, 0 AS depth FROM members WHERE account_key = 'benchagent'
                           UNION ALL SELECT m.id, t.depth + 1 FROM members m JOIN t ON m.upline_id = t.id)
      SELECT depth FROM t) x`);
  console.log(`  team of ${members}, depth ${rows[0].depth}`);
});

const VENDORS = [
  ['PG', 'RNG', 40],
  ['JILI', 'RNG', 25],
  ['EVO', 'LIVE', 12],
  ['JILI', 'FISH', 10],
  ['TF', 'ESPORTS', 5],
  ['KM', 'PVP', 5],
  ['SV388', 'COCKFIGHT', 3],
];

await phase('rounds', async () => {
  await sql('BEGIN');
  await sql(
    `INSERT INTO ledger_accounts (code, kind, currency, tracks_balance)
             SELECT 'vendor:' || lower(v) || ':bdt', 'vendor_clearing', 'BDT', false
               FROM unnest($1::text[]) v ON CONFLICT DO NOTHING`,
    [[...new Set(VENDORS.map(([v]) => v))]],
  );
  await sql(
    `CREATE TEMP TABLE plan_vendors ON COMMIT DROP AS
     SELECT v.vendor, v.kind, a.id AS clearing,
            sum(v.weight) OVER (ORDER BY v.i) - v.weight AS low, sum(v.weight) OVER (ORDER BY v.i) AS high
       FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS v(vendor, kind, weight, i)
       JOIN ledger_accounts a ON a.code = 'vendor:' || lower(v.vendor) || ':bdt'`,
    [VENDORS.map((v) => v[0]), VENDORS.map((v) => v[1]), VENDORS.map((v) => v[2])],
  );
  const total = VENDORS.reduce((s, v) => s + v[2], 0);
  // Players (types 0, 41, 42), numbered for picking; the most active tenth plays half the rounds.
  await sql(`CREATE TEMP TABLE plan_players ON COMMIT DROP AS
             SELECT row_number() OVER (ORDER BY m.id) AS k, m.id AS member_id, a.id AS account, m.created_at
               FROM members m JOIN ledger_accounts a ON a.member_id = m.id AND a.kind = 'member_cash'
              WHERE m.type IN (0, 41, 42) AND m.account_key ~ '^b[0-9]+$'`);
  const { rows: count } = await sql('SELECT count(*)::int AS n FROM plan_players');
  const players = count[0].n;
  await sql(`CREATE UNLOGGED TABLE plan_rounds AS
             WITH r AS (
               SELECT g AS n,
                      CASE WHEN random() < 0.5 THEN 1 + floor(random() * ${Math.max(1, Math.floor(players / 10))})
                           ELSE 1 + floor(random() * ${players}) END::bigint AS k,
                      random() * ${total} AS pick, random() AS luck, random() AS moment,
                      (ARRAY[500, 1000, 1000, 2000, 2000, 5000, 10000, 20000, 50000])[1 + floor(random() * 9)::int]
                        AS stake
                 FROM generate_series(1, ${bets}) g)
             SELECT r.n, p.member_id, p.account, v.vendor, v.kind, v.clearing, r.stake::bigint AS stake,
                    -- About 94 % back: most rounds lose, a few pay well.
                    CASE WHEN r.luck < 0.62 THEN 0
                         WHEN r.luck < 0.92 THEN r.stake * 2
                         WHEN r.luck < 0.995 THEN r.stake * 3
                         ELSE r.stake * 20 END::bigint AS win,
                    greatest(p.created_at, now() - interval '${days} days') + r.moment
                      * (now() - interval '5 minutes' - greatest(p.created_at, now() - interval '${days} days'))
                      AS bet_at
               FROM r JOIN plan_players p ON p.k = r.k
               JOIN plan_vendors v ON r.pick >= v.low AND r.pick < v.high`);
  // Each player's deposit: what its rounds stake, rounded up to 100.00, made a minute after registering.
  await sql(`INSERT INTO ledger_accounts (code, kind, currency, tracks_balance)
             VALUES ('channel:bkash:bdt', 'channel_clearing', 'BDT', false) ON CONFLICT DO NOTHING`);
  await sql(`INSERT INTO payment_channels (code, kind, mode, display_name, min_minor, max_minor, receiving_account)
             VALUES ('bkash', 'ewallet', 'manual', 'bKash', 20000, 2500000000,
                     '{"provider":"bKash","accountName":"Bench","accountNumber":"01700000100"}')
             ON CONFLICT (code) DO NOTHING`);
  const { rows: channel } = await sql(`SELECT id FROM ledger_accounts WHERE code = 'channel:bkash:bdt'`);
  const channelClearing = Number(channel[0].id);
  await sql(`CREATE TEMP TABLE plan_deposits ON COMMIT DROP AS
             SELECT p.member_id, p.account, least(min(r.bet_at), p.created_at + interval '1 minute') AS at,
                    (ceil(sum(r.stake) / 10000.0) * 10000)::bigint AS amount
               FROM plan_rounds r JOIN plan_players p ON p.member_id = r.member_id
              GROUP BY p.member_id, p.account, p.created_at`);
  // The calls in the order they happen: a member's deposit first, then per round its bet and, a few seconds on, its win.
  await sql(`CREATE TEMP TABLE plan_calls ON COMMIT DROP AS
             SELECT c.*, sum(c.delta) OVER (PARTITION BY c.account ORDER BY c.at, c.seq) AS balance_after
               FROM (
                 SELECT 0::bigint AS seq, 'deposit' AS kind, d.member_id, d.account, NULL::text AS vendor,
                        NULL::text AS game, NULL::bigint AS clearing, NULL::bigint AS round, d.amount AS amount,
                        d.amount AS delta, d.at - interval '1 second' AS at
                   FROM plan_deposits d
                 UNION ALL
                 SELECT r.n * 2 - 1, 'bet', r.member_id, r.account, r.vendor, r.vendor || '-' || r.kind || '-0001',
                        r.clearing, r.n, r.stake, -r.stake, r.bet_at
                   FROM plan_rounds r
                 UNION ALL
                 SELECT r.n * 2, 'win', r.member_id, r.account, r.vendor, NULL, r.clearing, r.n, r.win, r.win,
                        r.bet_at + interval '20 seconds'
                   FROM plan_rounds r) c`);
  const { rows: negative } = await sql('SELECT count(*)::int AS n FROM plan_calls WHERE balance_after < 0');
  if (negative[0].n > 0) throw new Error(`${negative[0].n} calls would take a balance below zero`);

  // Entry ids are given here (the identity moves on after), so lines and rows can name them without a lookup.
  const { rows: base } = await sql(`SELECT coalesce(max(id), 0) AS id FROM journal_entries`);
  const first = BigInt(base[0].id) + 1n;
  await sql(`CREATE TEMP TABLE plan_entries ON COMMIT DROP AS
             SELECT c.*, ${first} + row_number() OVER (ORDER BY c.at, c.seq, c.member_id) - 1 AS entry_id
               FROM plan_calls c WHERE c.delta <> 0`);
  await sql(`INSERT INTO journal_entries (id, type, reference, idempotency_key, request_hash, created_at)
             OVERRIDING SYSTEM VALUE
             SELECT e.entry_id, e.kind,
                    CASE WHEN e.kind = 'deposit' THEN 'deposit:BD' || e.member_id
                         ELSE 'bet:' || e.vendor || ':bench-' || e.round END,
                    CASE WHEN e.kind = 'deposit' THEN 'deposit:BD' || e.member_id
                         ELSE 'vendor:' || e.vendor || ':bench-' || e.round || CASE WHEN e.kind = 'bet' THEN '-b' ELSE '-w' END END,
                    md5(e.entry_id::text), e.at
               FROM plan_entries e`);
  await sql(`SELECT setval(pg_get_serial_sequence('journal_entries', 'id'), (SELECT max(id) FROM journal_entries))`);
  // Checked as a whole below (the reconciliation); the per-entry statement check would take most of the time.
  await sql(`SELECT set_config('ledger.checked_insert', 'on', true)`);
  await sql(`INSERT INTO journal_lines (entry_id, account_id, amount_minor, balance_after_minor, created_at)
             SELECT e.entry_id, x.account_id, x.amount, x.balance, e.at
               FROM plan_entries e
               CROSS JOIN LATERAL (VALUES (e.account, e.delta, e.balance_after),
                                          (coalesce(e.clearing, ${channelClearing}), -e.delta, NULL::bigint))
                 AS x(account_id, amount, balance)`);
  await sql(`SELECT set_config('ledger.checked_insert', 'off', true)`);
  await sql(`INSERT INTO deposit_orders (order_no, member_id, channel_id, amount_minor, currency, status, request_key,
                                         transaction_ref, expires_at, decided_by, entry_id, created_at, updated_at)
             SELECT 'BD' || e.member_id, e.member_id, (SELECT id FROM payment_channels WHERE code = 'bkash'), e.amount,
                    'BDT', 'confirmed', 'bench-deposit:' || e.member_id, 'BK' || lpad(e.member_id::text, 8, '0'), e.at + interval '30 minutes',
                    'bench', e.entry_id, e.at - interval '10 minutes', e.at
               FROM plan_entries e WHERE e.kind = 'deposit'`);
  await sql(`INSERT INTO vendor_transactions (vendor_code, tx_id, kind, status, member_id, round_id, node_id, bet_tx_id,
                                              amount_minor, currency, round_closed, request_hash, entry_id,
                                              balance_after_minor, created_at)
             SELECT c.vendor, 'bench-' || c.round || CASE WHEN c.kind = 'bet' THEN '-b' ELSE '-w' END, c.kind, 'applied',
                    c.member_id, 'bench-' || c.round, c.game,
                    CASE WHEN c.kind = 'win' THEN 'bench-' || c.round || '-b' END, c.amount, 'BDT', c.kind = 'win',
                    md5(c.seq::text), e.entry_id, c.balance_after, c.at
               FROM plan_calls c LEFT JOIN plan_entries e ON e.seq = c.seq AND e.kind = c.kind AND c.kind <> 'deposit'
              WHERE c.kind <> 'deposit'`);
  await sql(`INSERT INTO vendor_rounds (vendor_code, member_id, round_id, closed_by_tx_id, closed_at)
             SELECT r.vendor, r.member_id, 'bench-' || r.n, 'bench-' || r.n || '-w', r.bet_at + interval '20 seconds'
               FROM plan_rounds r`);
  await sql(`UPDATE ledger_accounts a SET balance_minor = t.total
               FROM (SELECT account, sum(delta) AS total FROM plan_calls GROUP BY account) t
              WHERE a.id = t.account`);
  await sql('DROP TABLE plan_rounds');
  await sql('COMMIT');
});

await phase('analyze', () => sql('ANALYZE'));

await phase('reconcile', async () => {
  // The ledger's own reconciliation (Ledger.reconcile): entries sum to zero, stored balances equal their lines.
  const { rows: unbalanced } = await sql(
    'SELECT entry_id FROM journal_lines GROUP BY entry_id HAVING sum(amount_minor) <> 0 OR count(*) < 2 LIMIT 5',
  );
  const { rows: wrong } = await sql(`SELECT a.id FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount_minor) AS total FROM journal_lines GROUP BY account_id) l
        ON l.account_id = a.id
     WHERE a.tracks_balance AND a.balance_minor <> coalesce(l.total, 0) LIMIT 5`);
  const { rows: total } = await sql('SELECT coalesce(sum(amount_minor), 0)::text AS total FROM journal_lines');
  if (unbalanced.length || wrong.length || total[0].total !== '0') {
    throw new Error(`books do not reconcile: ${JSON.stringify({ unbalanced, wrong, total: total[0].total })}`);
  }
});

const { rows: counts } = await sql(`SELECT
    (SELECT count(*) FROM members)::int AS members,
    (SELECT count(*) FROM vendor_transactions WHERE kind = 'bet')::int AS bets,
    (SELECT count(*) FROM journal_entries)::int AS entries,
    (SELECT count(*) FROM journal_lines)::int AS lines,
    (SELECT count(*) FROM deposit_orders)::int AS deposits`);
await client.end();
const seconds = Object.values(timings).reduce((a, b) => a + b, 0);
console.log(JSON.stringify({ schema, ...counts[0], seconds: +seconds.toFixed(1), timings }));
