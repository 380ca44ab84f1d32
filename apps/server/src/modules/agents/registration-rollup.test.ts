import { randomBytes } from 'node:crypto';
import { rangeInstants, today } from '@portal/shared/date-range';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Agent, agentGet, agent as makeAgent, player as makePlayer } from '../../test/agents.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { RegistrationRollup } from './registration-rollup.ts';

// The scheduled run (every TEAM_ROLLUP_MS) is kept out of the way: each test runs the job itself, between reads.
const test = useTestPortal({ TEAM_ROLLUP_MS: '3600000' });
const db = () => test.portal.database.db;
const rollup = () => new RegistrationRollup(db());

const T = today();
/** The brand-zone day `offset` days from today. */
const day = (offset: number) => new Date(Date.parse(`${T}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
/** An instant `hours` into that day. */
const at = (offset: number, hours: number) =>
  new Date(rangeInstants({ from: day(offset), to: day(offset) }).start.getTime() + hours * 3_600_000);

async function move(account: string, upline: string) {
  const moved = await call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/members/${account}/upline`,
    headers: test.admin,
    payload: { upline },
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
}

async function registeredAt(id: string, time: Date) {
  await sql`UPDATE members SET created_at = ${time} WHERE id = ${id}`.execute(db());
}

/** The move of a member (made now) as one made at `time`: the pairs it closed end then and those it opened start. */
async function movedAt(id: string, time: Date) {
  await sql`UPDATE agent_tree_history SET valid_to = ${time}
             WHERE descendant_id = ${id} AND valid_to IS NOT NULL`.execute(db());
  await sql`UPDATE agent_tree_history SET valid_from = ${time}
             WHERE descendant_id = ${id} AND valid_to IS NULL AND valid_from > '-infinity'`.execute(db());
}

async function markDay(): Promise<string> {
  return (await rollup().mark()).day;
}

/** The last closed day by the database's clock, as the job computes it. */
async function lastClosed(): Promise<string> {
  const { rows } = await sql<{ day: string }>`
    SELECT (((now() - interval '1 hour') AT TIME ZONE 'Asia/Dhaka')::date - 1)::text AS day`.execute(db());
  return rows[0]?.day ?? '';
}

describe('new registrations per agent and closed day', () => {
  let A: Agent;
  let B: Agent;
  let S: Agent;
  let C: Agent;
  let ids: string[];
  const ranges = [
    { from: day(-5), to: day(0) },
    { from: day(-6), to: day(-2) },
    { from: day(-4), to: day(-4) },
    { from: day(-3), to: day(0) },
    { from: day(0), to: day(0) },
    { from: day(-30), to: day(-1) },
  ];

  /** An agent's overview over a range: its team's size, its registrations in all and on each day that has any. */
  async function registrations(who: Agent, range = { from: day(-5), to: day(0) }) {
    const overview = await agentGet(test, who.headers, '/wps/agent/team/overview', range);
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const { totals, days } = overview.body.value;
    return {
      members: totals.members,
      total: totals.newRegistrations,
      days: Object.fromEntries(
        days
          .filter((d: { newRegistrations: number }) => d.newRegistrations > 0)
          .map((d: { day: string; newRegistrations: number }) => [d.day, d.newRegistrations]),
      ),
    };
  }

  /** Every agent's overview over every range. */
  async function overviews() {
    const all: Record<string, unknown> = {};
    for (const [name, who] of Object.entries({ A, B, S, C })) {
      for (const range of ranges) all[`${name} ${range.from}..${range.to}`] = await registrations(who, range);
    }
    return all;
  }

  async function dayRows() {
    const rows = await db()
      .selectFrom('agent_team_registration_days')
      .select(['agent_id', 'day', 'registrations'])
      .where('agent_id', 'in', ids)
      .orderBy('agent_id')
      .orderBy('day')
      .execute();
    const names = new Map(Object.entries({ A, B, S, C }).map(([name, who]) => [who.id, name]));
    return rows.map((row) => [names.get(row.agent_id), row.day, row.registrations]);
  }

  beforeAll(async () => {
    A = await makeAgent(test);
    B = await makeAgent(test);
    C = await makeAgent(test);
    S = await makeAgent(test, A.account);
    ids = [A.id, B.id, S.id, C.id];
    const a1 = await makePlayer(test, A.account);
    const a2 = await makePlayer(test, S.account);
    const m = await makePlayer(test, A.account);
    const x = await makePlayer(test, A.account);
    const z = await makePlayer(test, B.account);
    // Today's: S itself (in A's team), t1 under A and t2 under S.
    await makePlayer(test, A.account);
    await makePlayer(test, S.account);
    await move(m.account, B.account);
    await move(x.account, B.account);
    await registeredAt(a1.id, at(-5, 10));
    await registeredAt(a2.id, at(-4, 9));
    await registeredAt(m.id, at(-4, 15));
    await registeredAt(x.id, at(-2, 8));
    await registeredAt(z.id, at(-5, 23.5));
    // m joined A four days ago and moved to B two days ago; x joined A two days ago and moved to B the same day, so
    // its day is B's (a move counts for the new agent from its own day).
    await movedAt(m.id, at(-2, 12));
    await movedAt(x.id, at(-2, 12));
  });

  it('goes back to the day before a registration given an earlier time, and answers the same before and after a run', async () => {
    expect((await markDay()) < day(-5)).toBe(true);
    const before = await overviews();
    // Counted by hand: A has a1 (5 days ago), a2 (in S's team) and m (4 days ago, moved to B since), and today S,
    // t1 and t2; S has a2 and t2; B has z (5 days ago) and x (2 days ago), not m's day; C has nobody.
    expect(before[`A ${day(-5)}..${day(0)}`]).toEqual({
      members: 5,
      total: 6,
      days: { [day(-5)]: 1, [day(-4)]: 2, [day(0)]: 3 },
    });
    expect(before[`S ${day(-5)}..${day(0)}`]).toEqual({ members: 2, total: 2, days: { [day(-4)]: 1, [day(0)]: 1 } });
    expect(before[`B ${day(-5)}..${day(0)}`]).toEqual({ members: 3, total: 2, days: { [day(-5)]: 1, [day(-2)]: 1 } });
    expect(before[`C ${day(-5)}..${day(0)}`]).toEqual({ members: 0, total: 0, days: {} });
    expect(before[`B ${day(-3)}..${day(0)}`]).toEqual({ members: 3, total: 1, days: { [day(-2)]: 1 } });

    const run = await rollup().run();
    expect(run.to).toBe(await lastClosed());
    expect(await markDay()).toBe(await lastClosed());
    // Only the days with a registration, by agent id (A, B, then S, opened after C) and day.
    expect(await dayRows()).toEqual([
      ['A', day(-5), 1],
      ['A', day(-4), 2],
      ['B', day(-5), 1],
      ['B', day(-2), 1],
      ['S', day(-4), 1],
    ]);
    expect(await overviews()).toEqual(before);

    // With the mark on each day of the range, the days up to it are read from the rows and the others by time.
    for (const offset of [-6, -5, -4, -3]) {
      await sql`UPDATE agent_team_registration_mark SET day = ${day(offset)}::date`.execute(db());
      expect(await overviews(), day(offset)).toEqual(before);
    }
  });

  it('writes the same rows when run again, and nothing when nothing changed', async () => {
    await rollup().run();
    const rows = await dayRows();
    const again = await rollup().run();
    expect(again).toEqual({ from: null, to: null, rows: 0 });
    expect(await dayRows()).toEqual(rows);
    await sql`UPDATE agent_team_registration_mark SET day = '-infinity'`.execute(db());
    await rollup().run();
    expect(await dayRows()).toEqual(rows);
    expect(await markDay()).toBe(await lastClosed());
  });

  it('counts a member inserted on a closed day, and one removed from it, at once and in the next run', async () => {
    await rollup().run();
    const code = () => randomBytes(5).toString('hex').toUpperCase();
    const accounts = [`late${code().toLowerCase()}`, `gone${code().toLowerCase()}`];
    // One statement, two members: under S three days ago, under A five days ago.
    const { rows: inserted } = await sql<{ id: string; account: string }>`
      INSERT INTO members (account, account_key, type, invite_code, upline_id, created_at)
      VALUES (${accounts[0]}, ${accounts[0]}, 0, ${code()}, ${S.id}, ${at(-3, 18)}),
             (${accounts[1]}, ${accounts[1]}, 0, ${code()}, ${A.id}, ${at(-5, 2)})
      RETURNING id, account`.execute(db());
    expect(await markDay()).toBe(day(-6));
    expect(await registrations(A)).toEqual({
      members: 7,
      total: 8,
      days: { [day(-5)]: 2, [day(-4)]: 2, [day(-3)]: 1, [day(0)]: 3 },
    });
    expect(await registrations(S)).toEqual({ members: 3, total: 3, days: { [day(-4)]: 1, [day(-3)]: 1, [day(0)]: 1 } });
    const before = await overviews();
    await rollup().run();
    expect(await overviews()).toEqual(before);
    expect(await dayRows()).toEqual([
      ['A', day(-5), 2],
      ['A', day(-4), 2],
      ['A', day(-3), 1],
      ['B', day(-5), 1],
      ['B', day(-2), 1],
      ['S', day(-4), 1],
      ['S', day(-3), 1],
    ]);

    const gone = inserted.find((row) => row.account === accounts[1]);
    await test.portal.app.services.members.removeUnused(gone?.id ?? '');
    expect(await markDay()).toBe(day(-6));
    expect(await registrations(A)).toEqual({
      members: 6,
      total: 7,
      days: { [day(-5)]: 1, [day(-4)]: 2, [day(-3)]: 1, [day(0)]: 3 },
    });
    const after = await overviews();
    await rollup().run();
    expect(await overviews()).toEqual(after);
    expect((await dayRows()).filter(([name]) => name === 'A')).toEqual([
      ['A', day(-5), 1],
      ['A', day(-4), 2],
      ['A', day(-3), 1],
    ]);
  });
});
