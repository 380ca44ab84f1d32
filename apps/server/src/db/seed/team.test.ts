import type { InviteLinks } from '@portal/shared/agents';
import { parseMobile } from '@portal/shared/phone';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import { InsufficientFunds } from '../../modules/wallet/ledger.ts';
import { call, startTestPortal, type TestPortal } from '../../test/harness.ts';
import { bearer, login, nextIp } from '../../test/members.ts';
import { DEMO_AGENT, DEMO_PLAYER, DEMO_PLAYER_FUNDS_MINOR, seedDemoAccounts } from './accounts.ts';
import { seedDemoChannels } from './payments.ts';
import { DEMO_AGENT_LINKS, seedDemoTeam } from './team.ts';
import { TEAM_DAYS } from './team-plan.ts';

// A Thursday afternoon in Dhaka: the team's 35 days end here.
const NOW = new Date('2026-11-26T10:30:00.000Z');

async function seededPortal(): Promise<{ portal: TestPortal; written: Awaited<ReturnType<typeof seedDemoTeam>> }> {
  const portal = await startTestPortal();
  const { members, wallet, channels, deposits, withdrawals } = portal.app.services;
  await seedDemoAccounts(members, wallet);
  await seedDemoChannels(channels, false);
  const written = await seedDemoTeam(portal.database.db, { deposits, withdrawals, seamless: portal.app.seamless }, NOW);
  return { portal, written };
}

/** Everything the seed wrote that another run must write alike (ids and password hashes aside). */
async function snapshot(portal: TestPortal) {
  const { rows: members } = await sql`
    SELECT m.account, m.nickname, m.type, m.status, m.mobile_num, m.invite_code, m.created_at, m.last_login_at,
           u.account AS upline
      FROM members m LEFT JOIN members u ON u.id = m.upline_id
     WHERE m.account_key NOT IN (${DEMO_AGENT.account}, ${DEMO_PLAYER.account}, 'broke_player')
     ORDER BY m.account`.execute(portal.database.db);
  const { rows: deposits } = await sql`
    SELECT d.order_no, m.account, d.amount_minor, d.created_at, d.updated_at
      FROM deposit_orders d JOIN members m ON m.id = d.member_id ORDER BY d.order_no`.execute(portal.database.db);
  const { rows: calls } = await sql`
    SELECT vendor_code, tx_id, kind, node_id, amount_minor, balance_after_minor, created_at
      FROM vendor_transactions ORDER BY vendor_code, tx_id`.execute(portal.database.db);
  const { rows: balances } = await sql`
    SELECT m.account, a.kind, a.balance_minor FROM ledger_accounts a JOIN members m ON m.id = a.member_id
     WHERE m.account_key <> 'broke_player' ORDER BY m.account, a.kind`.execute(portal.database.db);
  const { rows: withdrawals } = await sql`
    SELECT order_no, amount_minor, status, created_at FROM withdrawals ORDER BY order_no`.execute(portal.database.db);
  return { members, deposits, calls, balances, withdrawals };
}

describe('the demo team', () => {
  let first: Awaited<ReturnType<typeof seededPortal>>;
  beforeAll(async () => {
    first = await seededPortal();
  }, 120_000);
  afterAll(() => first?.portal.close());

  const db = () => first.portal.database.db;

  it('puts about 300 members under the demo agent over four levels, every upline chain ending at demoagent', async () => {
    const { rows } = await sql<{ account: string; type: number; level: number; status: string; mobile_num: string }>`
      WITH RECURSIVE team AS (
        SELECT m.id, m.account, m.type, m.status, m.mobile_num, 1 AS level
          FROM members m JOIN members a ON a.id = m.upline_id WHERE a.account_key = ${DEMO_AGENT.account}
        UNION ALL
        SELECT m.id, m.account, m.type, m.status, m.mobile_num, t.level + 1
          FROM members m JOIN team t ON m.upline_id = t.id)
      SELECT account, type, level, status, mobile_num FROM team`.execute(db());
    // Every member but the demo agent itself is in its team: no chain ends anywhere else.
    const all = await db().selectFrom('members').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(rows.length).toBe(all.n - 1);
    expect(rows.length).toBe(first.written.members + 1); // the demo player is a direct downline too
    expect(rows.length).toBeGreaterThanOrEqual(280);
    expect(rows.length).toBeLessThanOrEqual(320);
    expect(Math.max(...rows.map((r) => r.level))).toBe(4);
    const agents = rows.filter((r) => r.type !== 0);
    expect(agents.length).toBeGreaterThanOrEqual(5);
    for (const agent of agents) expect([1, 2, 41, 42]).toContain(agent.type);
    for (const level of [1, 2, 3])
      expect(
        agents.some((a) => a.level === level),
        `agents at level ${level}`,
      ).toBe(true);
    // Every level has players, and a few accounts are disabled.
    for (const level of [1, 2, 3, 4]) expect(rows.some((r) => r.level === level && r.type === 0)).toBe(true);
    const disabled = rows.filter((r) => r.status === 'disabled').length;
    expect(disabled).toBeGreaterThan(0);
    expect(disabled).toBeLessThan(rows.length / 10);
    // Valid Bangladeshi mobiles in the stored form, one member each.
    for (const row of rows) expect(parseMobile(`0${row.mobile_num}`, '880')?.nationalNumber).toBe(row.mobile_num);
    expect(new Set(rows.map((r) => r.mobile_num)).size).toBe(rows.length);
  });

  it('spreads registrations and last logins over the last 35 days', async () => {
    const rows = await db()
      .selectFrom('members')
      .select(['account', 'created_at', 'last_login_at'])
      .where('account_key', 'not in', [DEMO_AGENT.account, DEMO_PLAYER.account])
      .execute();
    const oldest = NOW.getTime() - TEAM_DAYS * 86_400_000;
    const days = new Set<string>();
    for (const row of rows) {
      const created = new Date(row.created_at).getTime();
      expect(created).toBeGreaterThan(oldest);
      expect(created).toBeLessThan(NOW.getTime());
      days.add(new Date(created + 6 * 3600_000).toISOString().slice(0, 10));
      if (row.last_login_at) expect(new Date(row.last_login_at).getTime()).toBeGreaterThanOrEqual(created);
    }
    expect(days.size).toBeGreaterThan(25);
  });

  it('leaves books that reconcile, the demo player untouched and no balance below zero', async () => {
    const { wallet } = first.portal.app.services;
    const books = await wallet.ledger.reconcile();
    expect(books).toMatchObject({ ok: true, unbalancedEntries: [], wrongBalances: [], total: 0n });
    const demo = await first.portal.app.services.members.findByAccount(DEMO_PLAYER.account);
    const funds = await wallet.consolidated(demo?.id ?? '', REAL_CURRENCY);
    expect(funds.cash).toBe('1000.00');
    expect(DEMO_PLAYER_FUNDS_MINOR).toBe(100_000n);
  });

  it('records deposits of three channels, paid withdrawals and a month of settled rounds in the past', async () => {
    const { rows: channels } = await sql<{ code: string; n: number }>`
      SELECT c.code, count(*)::int AS n FROM deposit_orders d JOIN payment_channels c ON c.id = d.channel_id
       WHERE d.status = 'confirmed' GROUP BY c.code`.execute(db());
    expect(channels.map((c) => c.code).sort()).toEqual(['bkash', 'local-bank', 'nagad']);
    const { rows: paid } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM withdrawals WHERE status = 'received' AND settle_entry_id IS NOT NULL`.execute(
      db(),
    );
    expect(paid[0]?.n).toBeGreaterThan(0);
    expect(paid[0]?.n).toBe(first.written.withdrawals);
    // The wallet dated each deposit's and withdrawal's entries at the order's own past times, not at the seed's.
    const { rows: dated } = await sql<{ deposits: number; holds: number; payouts: number }>`
      SELECT (SELECT count(*) FROM deposit_orders d JOIN journal_entries e ON e.id = d.entry_id
               WHERE e.created_at <> d.updated_at OR e.created_at >= ${NOW})::int AS deposits,
             (SELECT count(*) FROM withdrawals w JOIN journal_entries e ON e.id = w.hold_entry_id
               WHERE e.created_at <> w.created_at)::int AS holds,
             (SELECT count(*) FROM withdrawals w JOIN journal_entries e ON e.id = w.settle_entry_id
               WHERE e.created_at <= w.created_at OR e.created_at >= ${NOW})::int AS payouts`.execute(db());
    expect(dated[0]).toEqual({ deposits: 0, holds: 0, payouts: 0 });
    // The seed clock ends with the seed's transactions: money moved afterwards is dated now.
    const demo = await first.portal.app.services.members.findByAccount(DEMO_PLAYER.account);
    const later = await first.portal.app.services.wallet.adjust(
      demo?.id ?? '',
      1n,
      'check',
      'seed-clock-check',
      'test',
    );
    const entry = await db()
      .selectFrom('journal_entries')
      .select('created_at')
      .where('id', '=', later.entryId)
      .executeTakeFirstOrThrow();
    expect(Math.abs(new Date(entry.created_at).getTime() - Date.now())).toBeLessThan(60_000);
    await first.portal.app.services.wallet.adjust(demo?.id ?? '', -1n, 'check', 'seed-clock-check-back', 'test');

    const { rows: bets } = await sql<{ vendor_code: string; kind: string; day: string; n: number; staked: string }>`
      SELECT vendor_code, split_part(node_id, '-', 2) AS kind, (created_at AT TIME ZONE 'Asia/Dhaka')::date::text AS day,
             count(*)::int AS n, sum(amount_minor)::text AS staked
        FROM vendor_transactions WHERE kind = 'bet' GROUP BY 1, 2, 3`.execute(db());
    expect(bets.reduce((sum, b) => sum + b.n, 0)).toBe(first.written.rounds);
    expect(first.written.rounds).toBeGreaterThan(5000);
    expect(new Set(bets.map((b) => b.vendor_code)).size).toBeGreaterThanOrEqual(8);
    expect([...new Set(bets.map((b) => b.kind))].sort()).toEqual([
      'COCKFIGHT',
      'ESPORTS',
      'FISH',
      'LIVE',
      'PVP',
      'RNG',
    ]);
    const days = [...new Set(bets.map((b) => b.day))].sort();
    expect(days.length).toBeGreaterThanOrEqual(TEAM_DAYS - 1);
    // Every round is settled (its win closed it) before now, and its journal entries carry the time it was played.
    const { rows: open } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM vendor_transactions b
       WHERE b.kind = 'bet' AND NOT EXISTS (SELECT 1 FROM vendor_rounds r
             WHERE r.vendor_code = b.vendor_code AND r.member_id = b.member_id AND r.round_id = b.round_id)`.execute(
      db(),
    );
    expect(open[0]?.n).toBe(0);
    const { rows: times } = await sql<{ late: number; mismatched: number }>`
      SELECT count(*) FILTER (WHERE t.created_at >= ${NOW})::int AS late,
             count(*) FILTER (WHERE e.created_at <> t.created_at)::int AS mismatched
        FROM vendor_transactions t JOIN journal_entries e ON e.id = t.entry_id`.execute(db());
    expect(times[0]).toEqual({ late: 0, mismatched: 0 });
  });

  it('varies like a real team: busier weekends, a few big winners, most players losing a little', async () => {
    const { rows: perDay } = await sql<{ dow: number; bets: number }>`
      SELECT extract(isodow FROM (created_at AT TIME ZONE 'Asia/Dhaka'))::int AS dow, count(*)::int AS bets
        FROM vendor_transactions
       WHERE kind = 'bet' AND created_at >= ${new Date(NOW.getTime() - 14 * 86_400_000)}
       GROUP BY (created_at AT TIME ZONE 'Asia/Dhaka')::date, 1`.execute(db());
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const weekend = mean(perDay.filter((d) => d.dow === 5 || d.dow === 6).map((d) => d.bets));
    const weekdays = mean(perDay.filter((d) => d.dow !== 5 && d.dow !== 6).map((d) => d.bets));
    expect(weekend).toBeGreaterThan(weekdays);

    const { rows: results } = await sql<{ net: string }>`
      SELECT sum(CASE WHEN kind = 'win' THEN amount_minor ELSE -amount_minor END)::text AS net
        FROM vendor_transactions GROUP BY member_id`.execute(db());
    const nets = results.map((r) => BigInt(r.net));
    const losers = nets.filter((n) => n < 0n).length;
    expect(losers).toBeGreaterThan(nets.length / 2);
    expect(nets.filter((n) => n > 1_000_000n).length).toBeGreaterThan(0); // someone won more than ৳10,000
    expect(nets.reduce((a, b) => a + b, 0n)).toBeLessThan(0n); // the house wins overall
  });

  it('refuses past rounds that would take a balance below zero and writes none of them', async () => {
    const { members } = first.portal.app.services;
    const player = await members.createByOperator({ account: 'broke_player', password: 'Broke1234', type: 0 }, 'test');
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vendor_transactions`.execute(db());
    const round = (id: string, stakeMinor: bigint) => ({
      vendor: 'PG',
      roundId: id,
      memberId: player.id,
      gameId: 'PG-RNG-0001',
      stakeMinor,
      winMinor: 0n,
      betAt: new Date(NOW.getTime() - 3_600_000),
      settledAt: new Date(NOW.getTime() - 3_590_000),
    });
    await expect(first.portal.app.seamless.recordPastRounds([round('broke-1', 100n)], REAL_CURRENCY)).rejects.toThrow(
      InsufficientFunds,
    );
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vendor_transactions`.execute(db());
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect((await first.portal.app.services.wallet.ledger.reconcile()).ok).toBe(true);
  });

  it('gives the demo agent invitation links that brought players, first deposits and deposits', async () => {
    const app = first.portal.app;
    const session = await login(app, DEMO_AGENT.account, DEMO_AGENT.password, { ip: nextIp(), portal: 'agent' });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const { body } = await call(app, {
      method: 'GET',
      url: '/wps/agent/links',
      headers: bearer(session.body.value.token),
    });
    const links = body.value as InviteLinks;
    expect(links.list.map((link) => link.source).sort()).toEqual(DEMO_AGENT_LINKS.map((link) => link.source).sort());
    for (const link of [...links.list, links.defaultLink]) {
      expect(link.registrations, link.code).toBeGreaterThan(5);
      expect(link.firstDeposits, link.code).toBeGreaterThan(0);
      expect(link.firstDeposits, link.code).toBeLessThanOrEqual(link.registrations);
      expect(Number(link.deposits), link.code).toBeGreaterThan(0);
    }
  });

  it('is the same team, to the paisa and the second, when seeded again', async () => {
    const again = await seededPortal();
    try {
      expect(again.written).toEqual(first.written);
      const [a, b] = [await snapshot(first.portal), await snapshot(again.portal)];
      expect(b.members).toEqual(a.members);
      expect(b.deposits).toEqual(a.deposits);
      expect(b.calls).toEqual(a.calls);
      expect(b.withdrawals).toEqual(a.withdrawals);
      expect(b.balances).toEqual(a.balances);
    } finally {
      await again.portal.close();
    }
  }, 120_000);
});
