import { today } from '@portal/shared/date-range';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Agent, agentGet, deposit, agent as makeAgent, withdraw } from '../../test/agents.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import { adjust, multipart, PNG, type WalletMember, walletMember } from '../../test/wallet.ts';
import { PlayRollup } from '../wallet/play-rollup.ts';
import { memberMoneySql, monthOf } from './team-figures.ts';
import { PaymentTeamRollup } from './team-rollup.ts';

const test = useTestPortal();
const day = today();
const monthStart = `${day.slice(0, 8)}01`;
const rollup = () => new PaymentTeamRollup(test.portal.database.db, 'BDT', 1_000);

async function notReceived(member: WalletMember, orderNo: string) {
  const form = multipart({ received: 'false', receivedAmount: '0.00' }, [
    { field: 'proofs', name: 'p.png', type: 'image/png', data: PNG },
  ]);
  const answered = await call(test.portal.app, {
    method: 'POST',
    url: `/wps/wallet/withdrawals/${orderNo}/confirmation`,
    headers: { ...member.headers, ...EN, ...form.headers },
    payload: form.payload,
  });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
}

async function refund(orderNo: string) {
  const resolved = await call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/withdrawals/${orderNo}/resolve`,
    headers: test.admin,
    payload: { outcome: 'refunded', note: 'never arrived' },
  });
  expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
}

/** The agent's payment figures of today over today and over this month, as the agent centre answers them. */
async function teamPayments(who: Agent) {
  const overview = await agentGet(test, who.headers, '/wps/agent/team/overview', { from: day, to: day });
  expect(overview.status, JSON.stringify(overview.body)).toBe(200);
  const month = await agentGet(test, who.headers, '/wps/agent/team/profit-loss', {
    from: monthStart,
    to: day,
    sort: 'profitLoss',
    pageSize: 50,
  });
  expect(month.status, JSON.stringify(month.body)).toBe(200);
  const { firstDeposits, deposits, depositCount, withdrawals, withdrawalCount } = overview.body.value.totals;
  return {
    today: { firstDeposits, deposits, depositCount, withdrawals, withdrawalCount },
    month: Object.fromEntries(
      month.body.value.list.map((row: { account: string; deposits: string; withdrawals: string }) => [
        row.account,
        [row.deposits, row.withdrawals],
      ]),
    ),
    monthTotals: [month.body.value.totals.deposits, month.body.value.totals.withdrawals],
  };
}

/** What the payment tables say by time, read the way the reports read them without the roll-up. */
async function byTime(who: Agent) {
  const agentId = await memberId(who.account);
  const team = sql`(SELECT * FROM agent_team_days(${agentId}::bigint, ${monthStart}::date, ${day}::date,
                                                   'Asia/Dhaka'))`;
  const { rows } = await sql<{ account: string; deposit_minor: string; withdrawal_minor: string }>`
    SELECT m.account, x.deposit_minor, x.withdrawal_minor
      FROM (${memberMoneySql('BDT')(team, { from: monthStart, to: day })}) x JOIN members m ON m.id = x.member_id`.execute(
    test.portal.database.db,
  );
  return Object.fromEntries(rows.map((r) => [r.account, [r.deposit_minor, r.withdrawal_minor]]));
}

/**
 * Profit and loss over this month a row a page, by result: p1 and p2 (an operator's credit of 1,000.00 each, a bonus)
 * before the saver, who only paid in; each page and the count as the whole list has them.
 */
async function expectSaverLast(who: Agent, saver: WalletMember) {
  const page = await agentGet(test, who.headers, '/wps/agent/team/profit-loss', {
    from: monthStart,
    to: day,
    sort: 'profitLoss',
    pageSize: 1,
    pageNo: 3,
  });
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  expect(page.body.value.totalCount).toBe(3);
  expect(page.body.value.list).toEqual([
    expect.objectContaining({ account: saver.username, deposits: '300.00', bonuses: '0.00', profitLoss: '0.00' }),
  ]);
}

async function memberId(account: string) {
  const row = await test.portal.database.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function rolledRows() {
  const db = test.portal.database.db;
  const read = async (table: string, order: string) =>
    (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(order)}`.execute(db)).rows;
  return {
    members: await read('payment_member_days', 'member_id, day'),
    teams: await read('payment_team_days', 'agent_id, day'),
    months: await read('payment_team_member_months', 'agent_id, month, member_id'),
  };
}

describe('the payments team roll-up', () => {
  let boss: Agent;
  let p1: WalletMember;
  let p2: WalletMember;
  let saver: WalletMember;
  let refundLater: string;

  beforeAll(async () => {
    boss = await makeAgent(test);
    const sub = await makeAgent(test, boss.account);
    p1 = await walletMember(test, { affiliateCode: boss.inviteCode });
    p2 = await walletMember(test, { affiliateCode: sub.inviteCode });
    saver = await walletMember(test, { affiliateCode: boss.inviteCode });
    const outsider = await walletMember(test);
    // Withdrawals first (a deposit's turnover requirement would hold them), from an operator's credit.
    await adjust(test, p1.username, '1000.00');
    await adjust(test, p2.username, '1000.00');
    // p1: 130.00 out and refunded (it never arrived), 140.00 out (refunded after the roll-up, below), 500.00 in.
    const refunded = await withdraw(test, p1, '130.00');
    await notReceived(p1, refunded);
    await refund(refunded);
    refundLater = await withdraw(test, p1, '140.00');
    await deposit(test, p1, '500.00');
    // p2 (level 2): 100.00 out; two deposits, one first deposit.
    await withdraw(test, p2, '100.00');
    await deposit(test, p2, '200.00');
    await deposit(test, p2, '150.00');
    // The saver only pays in: listed in profit and loss with no play.
    await deposit(test, saver, '300.00');
    await deposit(test, outsider, '700.00');
  });

  it('gives the same figures from the log, from the rows, and from the rows with newer changes', async () => {
    const expected = {
      today: {
        firstDeposits: 3,
        deposits: '1150.00',
        depositCount: 4,
        withdrawals: '240.00',
        withdrawalCount: 2,
      },
      month: {
        [p1.username]: ['500.00', '140.00'],
        [p2.username]: ['350.00', '100.00'],
        [saver.username]: ['300.00', '0.00'],
      },
      monthTotals: ['1150.00', '240.00'],
    };
    expect(await teamPayments(boss), 'log').toEqual(expected);
    expect(await byTime(boss)).toEqual({
      [p1.username]: ['50000', '14000'],
      [p2.username]: ['35000', '10000'],
      [saver.username]: ['30000', '0'],
    });
    await expectSaverLast(boss, saver);

    const first = await rollup().run();
    expect(first.memberDays).toBeGreaterThan(0);
    const rows = await rolledRows();
    const bossId = await memberId(boss.account);
    expect(rows.teams.filter((r) => r.agent_id === bossId)).toEqual([
      {
        agent_id: bossId,
        day,
        deposit_minor: '115000',
        deposit_count: 4,
        first_deposits: 3,
        withdrawal_minor: '24000',
        withdrawal_count: 2,
      },
    ]);
    expect(await teamPayments(boss), 'rows').toEqual(expected);
    await expectSaverLast(boss, saver);
    // A run with nothing new writes the same rows.
    expect((await rollup().run()).memberDays).toBe(0);
    expect(await rolledRows()).toEqual(rows);

    // Above the watermark: the 140.00 refunded and a new deposit of 120.00, counted from the log until the next run.
    await notReceived(p1, refundLater);
    await refund(refundLater);
    await deposit(test, p1, '120.00');
    const changed = {
      today: { firstDeposits: 3, deposits: '1270.00', depositCount: 5, withdrawals: '100.00', withdrawalCount: 1 },
      month: {
        [p1.username]: ['620.00', '0.00'],
        [p2.username]: ['350.00', '100.00'],
        [saver.username]: ['300.00', '0.00'],
      },
      monthTotals: ['1270.00', '100.00'],
    };
    expect(await teamPayments(boss), 'rows and log').toEqual(changed);
    await rollup().run();
    expect(await teamPayments(boss), 'rows again').toEqual(changed);
    expect(await byTime(boss)).toEqual({
      [p1.username]: ['62000', '0'],
      [p2.username]: ['35000', '10000'],
      [saver.username]: ['30000', '0'],
    });
  });

  it('reads by time for an agent whose team moved since the roll-up looked, and re-adds it up at the next run', async () => {
    const before = await teamPayments(boss);
    const other = await makeAgent(test);
    const moved = await call(test.portal.app, {
      method: 'POST',
      url: `/admin/api/members/${p2.username}/upline`,
      headers: test.admin,
      payload: { upline: other.account },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // Moved today: today and this month are the new agent's for p2, whose payments were all made today.
    const gone = {
      today: { firstDeposits: 2, deposits: '920.00', depositCount: 3, withdrawals: '0.00', withdrawalCount: 0 },
      month: { [p1.username]: ['620.00', '0.00'], [saver.username]: ['300.00', '0.00'] },
      monthTotals: ['920.00', '0.00'],
    };
    expect(before.month[p2.username]).toEqual(['350.00', '100.00']);
    // By time; with the play roll-up past the move and the payments' not (their month rows still the old team's);
    // from both roll-ups' rows.
    for (const stage of ['by time', 'play rows', 'rows']) {
      if (stage === 'play rows') await new PlayRollup(test.portal.database.db, 'BDT', 1_000).run();
      if (stage === 'rows') await rollup().run();
      expect(await teamPayments(boss), stage).toEqual(gone);
      expect((await teamPayments(other)).month, stage).toEqual({ [p2.username]: ['350.00', '100.00'] });
    }
  });

  it('takes a range as a month only from its first day to its last, or up to today', () => {
    expect(monthOf({ from: '2026-11-01', to: '2026-11-30' }, '2026-12-05')).toBe('2026-11-01');
    expect(monthOf({ from: '2026-11-01', to: '2026-11-27' }, '2026-11-27')).toBe('2026-11-01');
    expect(monthOf({ from: '2026-11-01', to: '2026-11-26' }, '2026-11-27')).toBeNull();
    expect(monthOf({ from: '2026-11-02', to: '2026-11-30' }, '2026-12-05')).toBeNull();
    expect(monthOf({ from: '2026-02-01', to: '2026-02-28' }, '2026-03-01')).toBe('2026-02-01');
  });
});
