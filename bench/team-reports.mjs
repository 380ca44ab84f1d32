// The agent centre's team reports under load (issue 29): 20 concurrent clients, each signed in as the same big agent
// (benchagent of bench/team-data.mjs: 10,000 downlines, 1,000,000 bets over 30 days) with a session of its own, call
// team overview, team betting and user profit and loss back to back over the HTTP server for a fixed time, for one
// range of days per phase (today; this month). p50/p95/p99 per endpoint and phase, median of the rounds.
//
//   node bench/team-data.mjs                 # once: the data (schema bench_team)
//   node bench/team-reports.mjs [--pg-url postgres://postgres@127.0.0.1:5432/test] [--schema bench_team]
//                               [--clients 20] [--duration 10] [--runs 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { machineDescription, median, percentile, portalSender, root, startProcess, stop } from './lib.mjs';

const { values } = parseArgs({
  options: {
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    schema: { type: 'string', default: 'bench_team' },
    clients: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3931' },
  },
});
const clients = Number(values.clients);
const duration = Number(values.duration) * 1000;
const runs = Number(values.runs);
const PORT = Number(values.port);
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench1234x';

const db = new pg.Client({ connectionString: values['pg-url'] });
await db.connect();
await db.query(`SET search_path = ${values.schema}`);
const { rows: found } = await db.query(`SELECT id FROM members WHERE account_key = 'benchagent'`);
if (!found.length) throw new Error(`no benchagent in ${values.schema}: run node bench/team-data.mjs first`);

// The agent's password, hashed with the portal's parameters (common/passwords.ts: argon2id, 19 MiB, 2 passes); the
// generator writes members without one.
await db.query(`UPDATE members SET password_hash = $1, password_changed_at = now() WHERE account_key = 'benchagent'`, [
  await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }),
]);

const portal = await startProcess(
  ['--import', 'tsx', 'apps/server/src/main.ts'],
  {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    DATABASE_URL: values['pg-url'],
    DATABASE_SCHEMA: values.schema,
    TEAM_ROLLUP_MS: '10000',
    SEED_DEMO: 'false',
  },
  `${base}/readyz`,
  600_000,
);

try {
  // The roll-ups' jobs catch up first: the journal (the generator's million bets, once), the payments' log and the
  // registrations of the closed days.
  const caughtUp = Date.now();
  for (;;) {
    const { rows } = await db.query(
      `SELECT (SELECT line_id FROM wallet_play_watermark) >= (SELECT coalesce(max(id), 0) FROM journal_lines)
          AND (SELECT change_id FROM payment_rollup_watermark) >= (SELECT coalesce(max(id), 0) FROM payment_fact_changes)
          AND (SELECT day FROM agent_team_registration_mark) >= (now() AT TIME ZONE 'Asia/Dhaka')::date - 2
          AS done`,
    );
    if (rows[0].done) break;
    if (Date.now() - caughtUp > 900_000) throw new Error('the roll-up did not catch up within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(`roll-up caught up in ${((Date.now() - caughtUp) / 1000).toFixed(1)} s`);
  // The catch-up rewrote every roll-up row many times over (one pass per batch of lines): statistics and the
  // visibility map as autovacuum would leave them after a while, so the index-only reads are measured as they run.
  await db.query(
    'VACUUM ANALYZE agent_tree_history, wallet_play_member_days, wallet_play_member_months, wallet_play_days, wallet_play_months, wallet_team_play_days, wallet_team_member_periods, wallet_team_periods, deposit_orders, payment_first_deposits, withdrawals, payment_fact_changes, payment_member_days, payment_team_days, payment_team_member_months, agent_team_registration_days',
  );

  const send = portalSender(base);
  const tokens = [];
  for (let i = 0; i < clients; i++) {
    const session = await send('POST', '/wps/session/login', {
      type: 'username',
      username: 'benchagent',
      password: PASSWORD,
      portal: 'agent',
    });
    tokens.push(session.token);
  }

  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  const phases = { today: [day, day], thisMonth: [`${day.slice(0, 8)}01`, day] };
  const endpoints = {
    overview: (from, to) => `/wps/agent/team/overview?from=${from}&to=${to}`,
    betting: (from, to) => `/wps/agent/team/betting?from=${from}&to=${to}&sort=validBets&order=desc`,
    profitLoss: (from, to) => `/wps/agent/team/profit-loss?from=${from}&to=${to}&sort=profitLoss&order=desc`,
  };

  // The answers timed are checked first: the paged reports' totals and counts against the per-member path's (sorted
  // by level, which reads every member of the team), so a fast path that answered wrongly would stop the run.
  async function checkAnswers([from, to]) {
    const get = (url) => send('GET', url, undefined, { authorization: `Bearer ${tokens[0]}` });
    for (const [report, sort] of [
      ['betting', 'validBets'],
      ['profit-loss', 'profitLoss'],
    ]) {
      const fast = await get(`/wps/agent/team/${report}?from=${from}&to=${to}&sort=${sort}&order=desc`);
      const full = await get(`/wps/agent/team/${report}?from=${from}&to=${to}&sort=level&order=asc`);
      const figures = (page) => JSON.stringify({ totals: page.totals, totalCount: page.totalCount });
      if (figures(fast) !== figures(full)) {
        throw new Error(`${report} ${from}..${to}: ${figures(fast)} by ${sort}, ${figures(full)} by level`);
      }
    }
  }

  async function round([from, to]) {
    const times = Object.fromEntries(Object.keys(endpoints).map((name) => [name, []]));
    let failures = 0;
    const end = Date.now() + duration;
    await Promise.all(
      tokens.map(async (token, client) => {
        let turn = client;
        while (Date.now() < end) {
          const name = Object.keys(endpoints)[turn++ % 3];
          const started = performance.now();
          const response = await fetch(base + endpoints[name](from, to), {
            headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.9.0.${client + 1}` },
          });
          await response.arrayBuffer();
          if (response.status !== 200) failures++;
          else times[name].push(performance.now() - started);
        }
      }),
    );
    return { times, failures };
  }

  const results = {};
  const load = () => os.loadavg().map((v) => +v.toFixed(2));
  for (const [phase, range] of Object.entries(phases)) {
    await checkAnswers(range);
    // The machine's load average (1, 5, 15 min) before and after the phase: other work on the two cores moves the figures.
    const loadBefore = load();
    await round(range); // warm-up
    const rounds = [];
    for (let i = 0; i < runs; i++) rounds.push(await round(range));
    results[phase] = Object.fromEntries(
      Object.keys(endpoints).map((name) => {
        const per = rounds.map((r) => {
          const sorted = [...r.times[name]].sort((a, b) => a - b);
          return {
            n: sorted.length,
            p50: percentile(sorted, 50),
            p95: percentile(sorted, 95),
            p99: percentile(sorted, 99),
          };
        });
        const m = (key) => +median(per.map((r) => r[key])).toFixed(1);
        return [
          name,
          { requests: m('n'), p50: m('p50'), p95: m('p95'), p99: m('p99'), rounds: per.map((r) => +r.p95.toFixed(1)) },
        ];
      }),
    );
    results[phase].failures = rounds.reduce((sum, r) => sum + r.failures, 0);
    results[phase].loadAverage = { before: loadBefore, after: load() };
    console.log(phase, JSON.stringify(results[phase]));
  }
  const out = {
    machine: machineDescription(),
    clients,
    durationS: duration / 1000,
    runs,
    at: new Date().toISOString(),
    results,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/team-reports.json'), `${JSON.stringify(out, null, 2)}\n`);
} finally {
  await stop(portal);
  await db.end();
}
