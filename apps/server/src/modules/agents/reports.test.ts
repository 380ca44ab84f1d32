import { rangeInstants, today } from '@portal/shared/date-range';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  agentGet,
  deposit,
  agent as makeAgent,
  play,
  SECRET,
  VENDOR,
  withdraw,
} from '../../test/agents.ts';
import { useTestPortal } from '../../test/harness.ts';
import { adjust, type WalletMember, walletMember } from '../../test/wallet.ts';
import { PlayRollup } from '../wallet/play-rollup.ts';
import { periodPage } from '../wallet/team-periods.ts';

const test = useTestPortal();
const day = today();
const RNG = { vendor: VENDOR, secret: SECRET, nodeId: 'PG-RNG-0001' };
const FISH = { vendor: 'JILI', secret: 'jili-agents-secret-0123456789abcdef-012345', nodeId: 'JILI-FISH-0001' };

const get = (who: Agent, url: string, query: Record<string, string | number> = {}) =>
  agentGet(test, who.headers, url, { from: day, to: day, ...query });
const rollup = () => new PlayRollup(test.portal.database.db, 'BDT', 1_000);
const betting = (who: Agent, query: Record<string, string | number> = {}) => get(who, '/wps/agent/team/betting', query);
const profitLoss = (who: Agent, query: Record<string, string | number> = {}) =>
  get(who, '/wps/agent/team/profit-loss', query);

const ROLLUP_TABLES = {
  wallet_play_days: 'member_id, day, vendor_code, game_type',
  wallet_play_months: 'member_id, month, vendor_code, game_type',
  wallet_play_member_days: 'member_id, day',
  wallet_play_member_months: 'member_id, month',
  wallet_team_play_days: 'agent_id, day',
};

async function rollupRows() {
  const tables: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(ROLLUP_TABLES)) {
    const { rows } = await sql`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(order)}`.execute(
      test.portal.database.db,
    );
    tables[table] = rows;
  }
  return tables;
}

/**
 * Back to before any roll-up: the watermark at 0 and every roll-up row gone, the period rows too (the app's own
 * roll-up job may have written them already), in one transaction so the job never sees half of it.
 */
async function forgetRollup() {
  await test.portal.database.db.transaction().execute(async (trx) => {
    await sql`UPDATE wallet_play_watermark SET line_id = 0`.execute(trx);
    for (const table of [...Object.keys(ROLLUP_TABLES), 'wallet_team_member_periods', 'wallet_team_periods']) {
      await sql`DELETE FROM ${sql.table(table)}`.execute(trx);
    }
  });
}

/** The team overview's figures of `who` over today: the day's and the range's, which are the same. */
async function expectOverview(who: Agent, figures: Record<string, unknown>, stage?: string) {
  const overview = await get(who, '/wps/agent/team/overview');
  expect(overview.status, JSON.stringify(overview.body)).toBe(200);
  expect(overview.body.value.totals, stage).toMatchObject(figures);
  expect(overview.body.value.days, stage).toMatchObject([{ day, ...figures }]);
}

beforeAll(async () => {
  // The two games in the catalogue, so their rounds are filed under their game types.
  await test.portal.database.db
    .insertInto('games')
    .values(
      [RNG, FISH].map((game) => ({
        node_id: game.nodeId,
        vendor_code: game.vendor,
        game_type: game.nodeId.split('-')[1] as string,
        names: JSON.stringify({ en: game.nodeId }),
        search_text: game.nodeId.toLowerCase(),
        icon: `/game-icons/${game.nodeId}.svg`,
      })),
    )
    .onConflict((oc) => oc.column('node_id').doNothing())
    .execute();
  await test.portal.app.seamless.configureVendor({ code: RNG.vendor, secret: RNG.secret, currency: 'BDT' });
  await test.portal.app.seamless.configureVendor({ code: FISH.vendor, secret: FISH.secret, currency: 'BDT' });
});

describe('team betting and user profit and loss', () => {
  let boss: Agent;
  let p1: WalletMember;
  let p2: WalletMember;

  beforeAll(async () => {
    boss = await makeAgent(test);
    const sub = await makeAgent(test, boss.account);
    p1 = await walletMember(test, { affiliateCode: boss.inviteCode });
    p2 = await walletMember(test, { affiliateCode: sub.inviteCode });
    const outsider = await walletMember(test);

    // p1 (level 1): 500.00 in; at PG slots 100.00 won 250.00, 50.00 refunded; at JILI fishing 20.00 lost.
    await deposit(test, p1, '500.00');
    await play(
      test,
      p1,
      [
        { bet: '100.00', win: '250.00' },
        { bet: '50.00', rollback: true },
      ],
      RNG,
    );
    await play(test, p1, [{ bet: '20.00' }], FISH);
    // p2 (level 2): a credit of 300.00 (a bonus), 40.00 lost and 10.50 won back 0.25 at PG, 100.00 out, a debit.
    await adjust(test, p2.username, '300.00');
    await play(test, p2, [{ bet: '40.00' }, { bet: '10.50', win: '0.25' }], RNG);
    await withdraw(test, p2, '100.00');
    await adjust(test, p2.username, '-5.00');
    // Outside the team: none of it counts.
    await deposit(test, outsider, '700.00');
    await play(test, outsider, [{ bet: '70.00', win: '10.00' }], RNG);
  });

  const p1Betting = { level: 1, betCount: 3, validBets: '120.00', wins: '250.00', profitLoss: '130.00' };
  const p2Betting = { level: 2, betCount: 2, validBets: '50.50', wins: '0.25', profitLoss: '-50.25' };

  async function expectFigures() {
    // The overview adds up the same lines per day: 120.00 + 50.50 staked, 250.00 + 0.25 won, the 300.00 credit.
    await expectOverview(boss, { activeMembers: 2, validBets: '170.50', bonuses: '300.00', profitLoss: '79.75' });
    const all = await betting(boss);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.value.list).toEqual([
      { account: p1.username, ...p1Betting },
      { account: p2.username, ...p2Betting },
    ]);
    expect(all.body.value.totals).toEqual({ betCount: 5, validBets: '170.50', wins: '250.25', profitLoss: '79.75' });
    expect(all.body.value.totalCount).toBe(2);

    const money = await profitLoss(boss);
    expect(money.status, JSON.stringify(money.body)).toBe(200);
    expect(money.body.value.list).toEqual([
      {
        account: p2.username,
        level: 2,
        deposits: '0.00',
        withdrawals: '100.00',
        validBets: '50.50',
        wins: '0.25',
        bonuses: '300.00',
        profitLoss: '249.75',
      },
      {
        account: p1.username,
        level: 1,
        deposits: '500.00',
        withdrawals: '0.00',
        validBets: '120.00',
        wins: '250.00',
        bonuses: '0.00',
        profitLoss: '130.00',
      },
    ]);
    expect(money.body.value.totals).toEqual({
      deposits: '500.00',
      withdrawals: '100.00',
      validBets: '170.50',
      wins: '250.25',
      bonuses: '300.00',
      profitLoss: '379.75',
    });
  }

  it('adds up each downline to the paisa from the journal before the roll-up and from the roll-up after it', async () => {
    await rollup().run(); // as the app's job may have done already: its rows must all go
    await forgetRollup();
    await expectFigures();
    const first = await rollup().run();
    expect(BigInt(first.toLine)).toBeGreaterThan(0n);
    await expectFigures();
  });

  it('rebuilds the same rows when run twice and when run again over lines it has read', async () => {
    await rollup().run();
    const before = await rollupRows();
    for (const rows of Object.values(before)) expect(rows.length).toBeGreaterThan(0);
    const again = await rollup().run();
    expect(again.memberDays).toBe(0);
    expect(await rollupRows()).toEqual(before);
    await sql`UPDATE wallet_play_watermark SET line_id = 0`.execute(test.portal.database.db);
    await rollup().run();
    expect(await rollupRows()).toEqual(before);
    await expectFigures();
  });

  it('reads this week and this month from the period rows, and from the journal before the roll-up', async () => {
    const sunday = new Date(`${day}T00:00:00Z`);
    sunday.setUTCDate(sunday.getUTCDate() - sunday.getUTCDay());
    const ranges = [
      { from: sunday.toISOString().slice(0, 10), to: day },
      { from: `${day.slice(0, 8)}01`, to: day },
    ];
    const expectPeriods = async () => {
      for (const range of ranges) {
        const overview = await get(boss, '/wps/agent/team/overview', range);
        expect(overview.body.value.totals, JSON.stringify(range)).toMatchObject({
          activeMembers: 2,
          validBets: '170.50',
          bonuses: '300.00',
          profitLoss: '79.75',
        });
        const all = await betting(boss, { ...range, sort: 'wins', order: 'asc' });
        expect(all.body.value.list, JSON.stringify(range)).toEqual([
          { account: p2.username, ...p2Betting },
          { account: p1.username, ...p1Betting },
        ]);
        expect(all.body.value.totals).toEqual({
          betCount: 5,
          validBets: '170.50',
          wins: '250.25',
          profitLoss: '79.75',
        });
        expect(all.body.value.totalCount).toBe(2);
      }
    };
    await forgetRollup();
    await expectPeriods();
    await rollup().run();
    const { rows } = await sql<{ kind: string; n: number }>`
      SELECT kind, count(*)::int AS n FROM wallet_team_member_periods
       WHERE agent_id = ${boss.id} GROUP BY kind ORDER BY kind`.execute(test.portal.database.db);
    expect(rows).toEqual([
      { kind: 'd', n: 2 },
      { kind: 'm', n: 2 },
      { kind: 'w', n: 2 },
    ]);
    await expectPeriods();
  });

  it('files rounds under their vendor and game type and filters by them', async () => {
    const fishing = await betting(boss, { vendor: 'JILI' });
    expect(fishing.body.value.list).toEqual([
      { account: p1.username, level: 1, betCount: 1, validBets: '20.00', wins: '0.00', profitLoss: '-20.00' },
    ]);
    const slots = await betting(boss, { gameType: 'RNG' });
    expect(slots.body.value.list).toEqual([
      { account: p1.username, level: 1, betCount: 2, validBets: '100.00', wins: '250.00', profitLoss: '150.00' },
      { account: p2.username, ...p2Betting },
    ]);
    const none = await betting(boss, { gameType: 'LIVE' });
    expect(none.body.value).toMatchObject({ list: [], totalCount: 0, totals: { betCount: 0, validBets: '0.00' } });
    expect(slots.body.value.gameTypes).toEqual(expect.arrayContaining(['RNG', 'FISH']));
    expect(slots.body.value.vendors).toContainEqual(
      expect.objectContaining({ code: 'JILI', gameTypes: expect.arrayContaining(['RNG', 'FISH']) }),
    );
  });

  it('sorts by each figure both ways, pages, and keeps the totals of every row on every page', async () => {
    const asc = await betting(boss, { sort: 'validBets', order: 'asc' });
    expect(asc.body.value.list.map((r: { account: string }) => r.account)).toEqual([p2.username, p1.username]);
    const byLevel = await betting(boss, { sort: 'level', order: 'desc' });
    expect(byLevel.body.value.list.map((r: { level: number }) => r.level)).toEqual([2, 1]);
    const byCount = await betting(boss, { sort: 'betCount', order: 'asc' });
    expect(byCount.body.value.list.map((r: { betCount: number }) => r.betCount)).toEqual([2, 3]);
    const second = await betting(boss, { sort: 'profitLoss', order: 'desc', pageSize: 1, pageNo: 2 });
    expect(second.body.value).toMatchObject({ pageNo: 2, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(second.body.value.list).toEqual([{ account: p2.username, ...p2Betting }]);
    expect(second.body.value.totals.validBets).toBe('170.50');
    const beyond = await profitLoss(boss, { sort: 'deposits', order: 'desc', pageSize: 1, pageNo: 3 });
    expect(beyond.body.value.list).toEqual([]);
    expect(beyond.body.value.totals.deposits).toBe('500.00');
    const byDeposits = await profitLoss(boss, { sort: 'deposits', order: 'desc' });
    expect(byDeposits.body.value.list[0].account).toBe(p1.username);
  });

  it('shows one team member by exact account, and answers an account outside the team 404', async () => {
    const one = await betting(boss, { account: p2.username.toUpperCase() });
    expect(one.body.value.list).toEqual([{ account: p2.username, ...p2Betting }]);
    const outside = await profitLoss(boss, { account: 'nobody_here' });
    expect(outside.status).toBe(404);
    expect(outside.body.code).toBe('NOT_FOUND');
    const bad = await betting(boss, { from: day, to: '2020-01-01' });
    expect(bad.status).toBe(400);
  });
});

describe('user profit and loss with members who only paid in', () => {
  it('lists them with their play at zero among the members who played, counted once, on every page', async () => {
    const chief = await makeAgent(test);
    const payer = await walletMember(test, { affiliateCode: chief.inviteCode });
    const player = await walletMember(test, { affiliateCode: chief.inviteCode });
    const both = await walletMember(test, { affiliateCode: chief.inviteCode });
    await deposit(test, payer, '180.00');
    await adjust(test, player.username, '60.00');
    await play(test, player, [{ bet: '30.00', win: '45.00' }], RNG);
    await deposit(test, both, '190.00');
    await play(test, both, [{ bet: '40.00' }], RNG);
    const row = (who: WalletMember, figures: Record<string, string>) => ({
      account: who.username,
      level: 1,
      deposits: '0.00',
      withdrawals: '0.00',
      validBets: '0.00',
      wins: '0.00',
      bonuses: '0.00',
      ...figures,
    });
    // By result, highest first: the player's 75.00 (15.00 won and the 60.00 credit), the payer's 0, the other -40.00.
    const expected = [
      row(player, { validBets: '30.00', wins: '45.00', bonuses: '60.00', profitLoss: '75.00' }),
      row(payer, { deposits: '180.00', profitLoss: '0.00' }),
      row(both, { deposits: '190.00', validBets: '40.00', profitLoss: '-40.00' }),
    ];
    const totals = {
      deposits: '370.00',
      withdrawals: '0.00',
      validBets: '70.00',
      wins: '45.00',
      bonuses: '60.00',
      profitLoss: '35.00',
    };
    const expectPages = async () => {
      const all = await profitLoss(chief, { sort: 'profitLoss', order: 'desc' });
      expect(all.body.value).toMatchObject({ list: expected, totalCount: 3, totals });
      for (const [i, expectedRow] of expected.entries()) {
        const page = await profitLoss(chief, { sort: 'profitLoss', order: 'desc', pageSize: 1, pageNo: i + 1 });
        expect(page.body.value).toMatchObject({ list: [expectedRow], totalCount: 3, totalPages: 3, totals });
      }
      const ascending = await profitLoss(chief, { sort: 'validBets', order: 'asc' });
      expect(ascending.body.value.list.map((r: { account: string }) => r.account)).toEqual([
        payer.username,
        player.username,
        both.username,
      ]);
      // The same rows from the per-member report (sorted by level, every one at level 1: by member id).
      const byLevel = await profitLoss(chief, { sort: 'level', order: 'asc' });
      expect(byLevel.body.value).toMatchObject({ totalCount: 3, totals });
    };
    await expectPages();
    await rollup().run();
    await expectPages();
    // Which of the members with money played, looked up one by one and from the period's member ids alike.
    const range = { from: day, to: day, today: day, ...rangeInstants({ from: day, to: day }) };
    const query = { range, keep: 'play', sort: 'net', order: 'desc', limit: 20, offset: 0 } as const;
    const members = [payer.id, both.id];
    for (const probeAtMost of [0, 10]) {
      const page = await periodPage(test.portal.database.db, chief.id, { ...query, members }, 'BDT', probeAtMost);
      expect([...(page?.played ?? [])]).toEqual([both.id]);
    }
    // Members listed as an SQL relation (as the payments' month rows are): those without play counted, the first by
    // id as numbers (99999999 before 100000000; no member has either id).
    const listed = sql`(SELECT unnest(${[both.id, '100000000', '99999999', payer.id]}::bigint[]) AS member_id)`;
    const page = await periodPage(test.portal.database.db, chief.id, { ...query, limit: 2, listed }, 'BDT');
    expect(page?.unplayed).toEqual({ count: 3, first: [payer.id, '99999999'] });
  });
});

describe('the tree as it stood each day', () => {
  it('counts a day for the agent whose team the member was in that day', async () => {
    const oldBoss = await makeAgent(test);
    const newBoss = await makeAgent(test);
    const movedToday = await walletMember(test, { affiliateCode: oldBoss.inviteCode });
    const movedTomorrow = await walletMember(test, { affiliateCode: oldBoss.inviteCode });
    for (const member of [movedToday, movedTomorrow]) await adjust(test, member.username, '50.00');
    await play(test, movedToday, [{ bet: '10.00' }], RNG);
    await play(test, movedTomorrow, [{ bet: '7.00', win: '1.00' }], RNG);

    for (const member of [movedToday, movedTomorrow]) {
      const moved = await test.portal.app.inject({
        method: 'POST',
        url: `/admin/api/members/${member.username}/upline`,
        headers: test.admin,
        payload: { upline: newBoss.account },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // The second move stands for one made at the start of tomorrow (Dhaka): today is still the old team's.
    const tomorrow = sql`((current_timestamp AT TIME ZONE 'Asia/Dhaka')::date + 1)::timestamp AT TIME ZONE 'Asia/Dhaka'`;
    const db = test.portal.database.db;
    await sql`UPDATE agent_tree_history h SET valid_to = ${tomorrow}
                FROM members m WHERE m.id = h.descendant_id AND m.account = ${movedTomorrow.username}
                 AND h.valid_to IS NOT NULL`.execute(db);
    await sql`UPDATE agent_tree_history h SET valid_from = ${tomorrow}
                FROM members m WHERE m.id = h.descendant_id AND m.account = ${movedTomorrow.username}
                 AND h.valid_to IS NULL`.execute(db);

    for (const stage of ['journal', 'roll-up']) {
      if (stage === 'roll-up') await rollup().run();
      const old = await betting(oldBoss);
      expect(old.body.value.list, stage).toEqual([
        {
          account: movedTomorrow.username,
          level: 1,
          betCount: 1,
          validBets: '7.00',
          wins: '1.00',
          profitLoss: '-6.00',
        },
      ]);
      await expectOverview(oldBoss, { activeMembers: 1, validBets: '7.00', profitLoss: '-6.00' }, stage);
      await expectOverview(newBoss, { activeMembers: 1, validBets: '10.00', profitLoss: '-10.00' }, stage);
      const fresh = await betting(newBoss);
      expect(fresh.body.value.list, stage).toEqual([
        { account: movedToday.username, level: 1, betCount: 1, validBets: '10.00', wins: '0.00', profitLoss: '-10.00' },
      ]);
      // The old agent still finds the member it had today; the new one does not find the other yet.
      expect((await betting(oldBoss, { account: movedTomorrow.username })).status).toBe(200);
      const notYet = await profitLoss(newBoss, { account: movedTomorrow.username });
      expect(notYet.status).toBe(200);
      expect(notYet.body.value.list).toEqual([]);
    }
    // Over tomorrow alone, the member moved tomorrow is the new agent's (with nothing played yet).
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const later = await profitLoss(oldBoss, { from: next, to: next, account: movedTomorrow.username });
    expect(later.status).toBe(404);

    // A bet after the roll-up counts from the journal, the member not counted active twice; a move after the
    // roll-up re-adds up both agents' day at the next run.
    await play(test, movedToday, [{ bet: '5.00' }], RNG);
    await expectOverview(oldBoss, { activeMembers: 1, validBets: '7.00', profitLoss: '-6.00' });
    await expectOverview(newBoss, { activeMembers: 1, validBets: '15.00', profitLoss: '-15.00' });
    await rollup().run();
    const back = await test.portal.app.inject({
      method: 'POST',
      url: `/admin/api/members/${movedToday.username}/upline`,
      headers: test.admin,
      payload: { upline: oldBoss.account },
    });
    expect(back.statusCode, back.body).toBe(200);
    for (const stage of ['moved back', 'roll-up after the move']) {
      if (stage !== 'moved back') await rollup().run();
      await expectOverview(oldBoss, { activeMembers: 2, validBets: '22.00', profitLoss: '-21.00' }, stage);
      await expectOverview(newBoss, { activeMembers: 0, validBets: '0.00', profitLoss: '0.00' }, stage);
    }
  });
});
