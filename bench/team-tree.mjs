// The agent tree (issue 29): the closure table of migration 0043 against a recursive CTE over members.upline_id,
// on PostgreSQL, in a schema of its own (dropped at the end). 100,000 members in a random tree of depth up to 8, one
// agent of them with 10,000 downlines. Measured: the agent's whole team, "is X in Y's team", and what the closure
// table costs (filling it, the trigger on new members, a move of a subtree, its size).
//   node bench/team-tree.mjs [--pg-url postgres://postgres@127.0.0.1:5432/test] [--members 100000] [--team 10000]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { machineDescription, median, percentile, root } from './lib.mjs';

const { values } = parseArgs({
  options: {
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    members: { type: 'string', default: '100000' },
    team: { type: 'string', default: '10000' },
    depth: { type: 'string', default: '8' },
    runs: { type: 'string', default: '200' },
  },
});
const MEMBERS = Number(values.members);
const TEAM = Number(values.team);
const MAX_DEPTH = Number(values.depth);
const RUNS = Number(values.runs);
const schema = `bench_team_${process.pid}`;

/** A small seeded generator (mulberry32), so every run builds the same tree. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Ids 1..MEMBERS with an upline each. Member 1 is the measured agent: members 2..TEAM+1 form its team, each under a
 * random earlier member of that team no deeper than MAX_DEPTH. The rest hang under 100 other top agents the same way.
 */
function buildTree() {
  const next = random(29);
  const upline = new Array(MEMBERS + 1).fill(null);
  const depth = new Array(MEMBERS + 1).fill(0);
  const grow = (first, last, rootIds) => {
    const pool = [...rootIds];
    for (let id = first; id <= last; id++) {
      let parent;
      do parent = pool[Math.floor(next() * pool.length)];
      while (depth[parent] >= MAX_DEPTH);
      upline[id] = parent;
      depth[id] = depth[parent] + 1;
      pool.push(id);
    }
  };
  grow(2, TEAM + 1, [1]);
  const tops = Array.from({ length: 100 }, (_, i) => TEAM + 2 + i);
  grow(TEAM + 102, MEMBERS, tops);
  return { upline, depth };
}

async function time(client, text, params) {
  const start = process.hrtime.bigint();
  const result = await client.query(text, params);
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: +median(sorted).toFixed(3), p95: +percentile(sorted, 95).toFixed(3), runs: sorted.length };
}

const TEAM_CLOSURE = 'SELECT descendant_id FROM agent_tree WHERE ancestor_id = $1 AND depth > 0';
const TEAM_CTE = `WITH RECURSIVE team AS (
    SELECT id FROM members WHERE upline_id = $1
    UNION ALL SELECT m.id FROM members m JOIN team t ON m.upline_id = t.id)
  SELECT id FROM team`;
const IN_TEAM_CLOSURE = 'SELECT EXISTS (SELECT 1 FROM agent_tree WHERE ancestor_id = $1 AND descendant_id = $2) AS yes';
// The cheapest CTE form: walk up from X (at most the tree's depth) and look for Y.
const IN_TEAM_CTE = `WITH RECURSIVE up AS (
    SELECT upline_id FROM members WHERE id = $2
    UNION ALL SELECT m.upline_id FROM members m JOIN up ON m.id = up.upline_id)
  SELECT EXISTS (SELECT 1 FROM up WHERE upline_id = $1) AS yes`;

const client = new pg.Client({ connectionString: values['pg-url'] });
await client.connect();
const result = { machine: machineDescription(), members: MEMBERS, team: TEAM, maxDepth: MAX_DEPTH };
try {
  const version = await client.query('SHOW server_version');
  result.postgres = version.rows[0].server_version;
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.query(`SET search_path = ${schema}`);
  // The columns of members the tree's migration and triggers read.
  await client.query(`CREATE TABLE members (
      id bigint PRIMARY KEY, upline_id bigint REFERENCES members (id), created_at timestamptz NOT NULL DEFAULT now())`);
  await client.query('CREATE INDEX members_upline ON members (upline_id) WHERE upline_id IS NOT NULL');
  const { upline, depth } = buildTree();
  const ids = Array.from({ length: MEMBERS }, (_, i) => i + 1);
  await client.query('INSERT INTO members (id, upline_id) SELECT * FROM unnest($1::bigint[], $2::bigint[])', [
    ids,
    ids.map((id) => upline[id]),
  ]);
  await client.query('ANALYZE members');

  // The migration itself, then the current definitions of its functions, as the portal applies them.
  const migration = fs.readFileSync(path.join(root, 'apps/server/src/db/migrations/0043_agent_team_tree.sql'), 'utf8');
  const filled = await time(client, migration);
  for (const name of ['agent_tree_member_added', 'agent_tree_upline_changed', 'agent_team']) {
    await client.query(fs.readFileSync(path.join(root, `apps/server/src/db/functions/${name}.sql`), 'utf8'));
  }
  await client.query('ANALYZE agent_tree');
  const size = await client.query(
    "SELECT count(*) AS rows, pg_total_relation_size('agent_tree') AS bytes FROM agent_tree",
  );
  result.closure = {
    rows: Number(size.rows[0].rows),
    megabytes: +(Number(size.rows[0].bytes) / 2 ** 20).toFixed(1),
    fillMigrationMs: Math.round(filled.ms),
  };

  // The whole team of the agent with TEAM downlines: both must find the same members.
  const closureTeam = await client.query(TEAM_CLOSURE, [1]);
  const cteTeam = await client.query(TEAM_CTE, [1]);
  if (closureTeam.rowCount !== TEAM || cteTeam.rowCount !== TEAM) {
    throw new Error(`team sizes differ: closure ${closureTeam.rowCount}, CTE ${cteTeam.rowCount}, built ${TEAM}`);
  }
  const teamRuns = { closure: [], cte: [] };
  for (let i = 0; i < RUNS; i++) {
    teamRuns.closure.push((await time(client, TEAM_CLOSURE, [1])).ms);
    teamRuns.cte.push((await time(client, TEAM_CTE, [1])).ms);
  }
  // The team's count joined to each member's row, the shape of a report (one aggregate over the team).
  const COUNT_CLOSURE = `SELECT count(*) FROM agent_tree t JOIN members m ON m.id = t.descendant_id
    WHERE t.ancestor_id = $1 AND t.depth > 0 AND m.created_at <= now()`;
  const COUNT_CTE = `${TEAM_CTE.replace('SELECT id FROM team', '')} SELECT count(*) FROM team JOIN members m ON m.id = team.id
    WHERE m.created_at <= now()`;
  const countRuns = { closure: [], cte: [] };
  for (let i = 0; i < RUNS; i++) {
    countRuns.closure.push((await time(client, COUNT_CLOSURE, [1])).ms);
    countRuns.cte.push((await time(client, COUNT_CTE, [1])).ms);
  }

  // "Is X in Y's team": Y the measured agent or a random member, X anyone; both must answer alike.
  const next = random(7);
  const membershipRuns = { closure: [], cte: [] };
  let agreed = 0;
  for (let i = 0; i < RUNS * 10; i++) {
    const y = i % 2 === 0 ? 1 : 1 + Math.floor(next() * MEMBERS);
    const x = i % 4 === 0 ? 2 + Math.floor(next() * TEAM) : 1 + Math.floor(next() * MEMBERS);
    const a = await time(client, IN_TEAM_CLOSURE, [y, x]);
    const b = await time(client, IN_TEAM_CTE, [y, x]);
    membershipRuns.closure.push(a.ms);
    membershipRuns.cte.push(b.ms);
    if (a.result.rows[0].yes === b.result.rows[0].yes) agreed += 1;
  }
  if (agreed !== RUNS * 10) throw new Error(`membership answers differ in ${RUNS * 10 - agreed} cases`);

  // What the closure table costs the writers: new members under deep uplines, and moving a subtree.
  const deep = ids.filter((id) => depth[id] === MAX_DEPTH - 1).slice(0, 1000);
  const inserts = [];
  for (let i = 0; i < deep.length; i++) {
    inserts.push(
      (await time(client, 'INSERT INTO members (id, upline_id) VALUES ($1, $2)', [MEMBERS + 1 + i, deep[i]])).ms,
    );
  }
  const subtreeSizes = await client.query(
    `SELECT ancestor_id, count(*) AS n FROM agent_tree WHERE ancestor_id BETWEEN 2 AND $1
      GROUP BY ancestor_id HAVING count(*) BETWEEN 200 AND 2000 ORDER BY count(*) DESC LIMIT 1`,
    [TEAM + 1],
  );
  const mover = subtreeSizes.rows[0];
  const moved = await time(client, 'UPDATE members SET upline_id = $2 WHERE id = $1', [mover.ancestor_id, TEAM + 2]);
  const stillRight = await client.query(`${TEAM_CLOSURE.replace('descendant_id', 'count(*) AS n')}`, [TEAM + 2]);
  const cteAfter = await client.query(`${TEAM_CTE.replace('SELECT id FROM team', 'SELECT count(*) AS n FROM team')}`, [
    TEAM + 2,
  ]);
  if (stillRight.rows[0].n !== cteAfter.rows[0].n)
    throw new Error('the closure table and the CTE disagree after a move');

  result.teamOf10k = { closure: summary(teamRuns.closure), cte: summary(teamRuns.cte) };
  result.teamCountJoined = { closure: summary(countRuns.closure), cte: summary(countRuns.cte) };
  result.isXInYsTeam = { closure: summary(membershipRuns.closure), cte: summary(membershipRuns.cte) };
  result.writes = {
    insertWithTriggerMs: summary(inserts),
    moveSubtree: { members: Number(mover.n), ms: +moved.ms.toFixed(1) },
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/team-tree.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
}
