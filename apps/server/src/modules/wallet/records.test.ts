import { today } from '@portal/shared/date-range';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, nextIp, registered } from '../../test/members.ts';
import { type EntryType, Ledger } from './ledger.ts';

const test = useTestPortal();
let ledger: Ledger;
let house: string;
let channel: string;
let referenceCounter = 0;

beforeAll(async () => {
  ledger = new Ledger(test.portal.database.db);
  house = await ledger.systemAccount('house:bdt', 'house');
  channel = await ledger.systemAccount('channel:records:bdt', 'channel_clearing');
});

interface Member {
  id: string;
  token: string;
  cash: string;
}

async function member(): Promise<Member> {
  const signedUp = await registered(test.portal.app);
  const row = await test.portal.database.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', signedUp.username)
    .executeTakeFirstOrThrow();
  return { id: row.id, token: signedUp.token, cash: await ledger.memberAccount(row.id, 'member_cash') };
}

/** Moves `minor` into (positive) or out of (negative) the member's cash, against `other` (the house by default). */
function move(who: Member, type: EntryType, minor: bigint, reference?: string, other = house) {
  referenceCounter += 1;
  return ledger.post({
    type,
    reference: reference ?? `${type}:${referenceCounter}`,
    lines: [
      { accountId: who.cash, amountMinor: minor },
      { accountId: other, amountMinor: -minor },
    ],
  });
}

function get(token: string | null, path: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return call(test.portal.app, {
    method: 'GET',
    url: `/wps/wallet/records/${path}?${search}`,
    headers: token ? bearer(token) : {},
  });
}

const day = today();
const todayRange = { from: day, to: day };
const pastRange = { from: '2020-01-01', to: '2020-03-30' };

describe('account record', () => {
  it('lists the cash lines newest first with signed amounts and balances, a page at a time', async () => {
    const m = await member();
    await move(m, 'deposit', 100_000n, 'dep:1', channel);
    for (let i = 1; i <= 4; i++) await move(m, 'bet', -1_000n * BigInt(i), `bet:a${i}`);

    const first = await get(m.token, 'account', { ...todayRange, pageNo: 1, pageSize: 2 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({ pageNo: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(first.body.value.list).toMatchObject([
      { type: 'bet', amount: '-40.00', balanceAfter: '900.00', reference: 'bet:a4' },
      { type: 'bet', amount: '-30.00', balanceAfter: '940.00', reference: 'bet:a3' },
    ]);
    expect(first.body.value.list[0].time).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const last = await get(m.token, 'account', { ...todayRange, pageNo: 3, pageSize: 2 });
    expect(last.body.value.list).toMatchObject([
      { type: 'deposit', amount: '1000.00', balanceAfter: '1000.00', reference: 'dep:1' },
    ]);
    const beyond = await get(m.token, 'account', { ...todayRange, pageNo: 4, pageSize: 2 });
    expect(beyond.body.value).toMatchObject({ list: [], total: 5, totalPages: 3 });

    const defaults = await get(m.token, 'account', todayRange);
    expect(defaults.body.value).toMatchObject({ pageNo: 1, pageSize: 20, total: 5 });
  });

  it('filters by type and by the days of the range', async () => {
    const m = await member();
    await move(m, 'deposit', 50_000n, undefined, channel);
    await move(m, 'bet', -2_000n);
    await move(m, 'bonus', 500n);

    const deposits = await get(m.token, 'account', { ...todayRange, type: 'deposit' });
    expect(deposits.body.value.list).toMatchObject([{ type: 'deposit', amount: '500.00' }]);
    expect(deposits.body.value.total).toBe(1);
    const bonuses = await get(m.token, 'account', { ...todayRange, type: 'bonus' });
    expect(bonuses.body.value.list).toMatchObject([{ type: 'bonus', amount: '5.00', balanceAfter: '485.00' }]);
    const none = await get(m.token, 'account', { ...todayRange, type: 'rebate' });
    expect(none.body.value).toMatchObject({ list: [], total: 0, totalPages: 0 });

    const past = await get(m.token, 'account', pastRange);
    expect(past.body.value).toMatchObject({ list: [], total: 0 });
    const unknownType = await get(m.token, 'account', { ...todayRange, type: 'jackpot' });
    expect(unknownType.status).toBe(400);
  });

  it('gives a member with no cash account an empty page without opening one', async () => {
    const signedUp = await registered(test.portal.app);
    const { status, body } = await get(signedUp.token, 'account', todayRange);
    expect(status).toBe(200);
    expect(body.value).toEqual({ list: [], pageNo: 1, pageSize: 20, total: 0, totalPages: 0 });
    const accounts = await test.portal.database.db
      .selectFrom('ledger_accounts')
      .innerJoin('members', 'members.id', 'ledger_accounts.member_id')
      .select('ledger_accounts.id')
      .where('members.account', '=', signedUp.username)
      .execute();
    expect(accounts).toEqual([]);
  });
});

describe('bet record', () => {
  it('groups a round by reference: won, refunded and still open', async () => {
    const m = await member();
    await move(m, 'deposit', 100_000n, undefined, channel);
    await move(m, 'bet', -10_000n, 'bet:won');
    await move(m, 'win', 25_000n, 'bet:won');
    await move(m, 'bet', -5_000n, 'bet:refunded');
    await move(m, 'refund', 5_000n, 'bet:refunded');
    await move(m, 'bet', -3_000n, 'bet:open');
    // A round staked twice (a re-bet) counts both stakes.
    await move(m, 'bet', -1_000n, 'bet:lost');
    await move(m, 'bet', -1_000n, 'bet:lost');

    const { status, body } = await get(m.token, 'bets', todayRange);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.value).toMatchObject({ total: 4, totalPages: 1 });
    expect(body.value.list).toMatchObject([
      { reference: 'bet:lost', stake: '20.00', payout: '0.00', net: '-20.00', status: 'open' },
      { reference: 'bet:open', stake: '30.00', payout: '0.00', net: '-30.00', status: 'open' },
      { reference: 'bet:refunded', stake: '50.00', payout: '50.00', net: '0.00', status: 'refunded' },
      { reference: 'bet:won', stake: '100.00', payout: '250.00', net: '150.00', status: 'settled' },
    ]);

    const second = await get(m.token, 'bets', { ...todayRange, pageNo: 2, pageSize: 3 });
    expect(second.body.value).toMatchObject({ total: 4, totalPages: 2, pageNo: 2 });
    expect(second.body.value.list.map((b: { reference: string }) => b.reference)).toEqual(['bet:won']);

    const past = await get(m.token, 'bets', pastRange);
    expect(past.body.value).toMatchObject({ list: [], total: 0 });
  });

  it('lists only rounds with a bet: deposits, bonuses and a lone win are not rounds', async () => {
    const m = await member();
    await move(m, 'deposit', 10_000n, undefined, channel);
    await move(m, 'bonus', 1_000n);
    await move(m, 'win', 1_000n, 'bet:elsewhere');
    const { body } = await get(m.token, 'bets', todayRange);
    expect(body.value).toMatchObject({ list: [], total: 0 });
  });
});

describe('personal profit', () => {
  it('sums the day in the brand zone and over the range', async () => {
    const m = await member();
    const hold = await ledger.memberAccount(m.id, 'withdrawal_hold');
    await move(m, 'deposit', 100_000n, undefined, channel);
    await move(m, 'bet', -10_000n, 'bet:p1');
    await move(m, 'win', 25_000n, 'bet:p1');
    await move(m, 'bet', -5_000n, 'bet:p2');
    await move(m, 'refund', 5_000n, 'bet:p2');
    await move(m, 'bet', -3_000n, 'bet:p3');
    await move(m, 'bonus', 2_000n);
    await move(m, 'rebate', 500n);
    // A withdrawal holds the money; a released one gives it back under the same type, so only 200.00 remains.
    await move(m, 'withdrawal', -20_000n, 'wd:1', hold);
    await move(m, 'withdrawal', -10_000n, 'wd:2', hold);
    await move(m, 'withdrawal', 10_000n, 'wd:2', hold);
    await move(m, 'transfer', -100n);

    const { status, body } = await get(m.token, 'profit', { from: '2020-01-01', to: day });
    expect(status).toBe(400);
    expect(body.code).toBe('VALIDATION');

    const result = await get(m.token, 'profit', todayRange);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const expected = {
      bets: '180.00',
      wins: '250.00',
      refunds: '50.00',
      bonuses: '25.00',
      deposits: '1000.00',
      withdrawals: '200.00',
      profit: '145.00',
    };
    expect(result.body.value).toEqual({ days: [{ date: day, ...expected }], totals: expected });

    const past = await get(m.token, 'profit', pastRange);
    expect(past.body.value).toEqual({
      days: [],
      totals: {
        bets: '0.00',
        wins: '0.00',
        refunds: '0.00',
        bonuses: '0.00',
        deposits: '0.00',
        withdrawals: '0.00',
        profit: '0.00',
      },
    });
  });

  it('shows a loss as a negative profit', async () => {
    const m = await member();
    await move(m, 'deposit', 10_000n, undefined, channel);
    await move(m, 'bet', -4_000n, 'bet:l1');
    await move(m, 'win', 1_000n, 'bet:l1');
    const { body } = await get(m.token, 'profit', { from: '2020-01-01', to: '2020-01-01' });
    expect(body.value.days).toEqual([]);
    const week = await get(m.token, 'profit', todayRange);
    expect(week.body.value.totals).toMatchObject({ bets: '40.00', wins: '10.00', profit: '-30.00' });
  });
});

describe('record calls', () => {
  it('refuse bad ranges and page sizes with VALIDATION', async () => {
    const m = await member();
    const cases: [string, Record<string, string | number>, RegExp][] = [
      ['account', { from: '2024-03-02', to: '2024-03-01' }, /after/],
      ['bets', { from: '2024-01-01', to: '2024-03-31' }, /90 days/],
      ['profit', { from: '2024-02-30', to: '2024-03-01' }, /real days/],
      ['account', { from: 'yesterday', to: '2024-03-01' }, /from/],
      ['bets', { to: '2024-03-01' }, /from/],
      ['account', { ...todayRange, pageSize: 0 }, /pageSize/],
      ['account', { ...todayRange, pageSize: 101 }, /pageSize/],
      ['bets', { ...todayRange, pageNo: 0 }, /pageNo/],
      ['profit', { ...todayRange, pageNo: 1 }, /./],
    ];
    for (const [path, query, detail] of cases) {
      const { status, body } = await get(m.token, path, query);
      expect(status, `${path} ${JSON.stringify(query)}`).toBe(400);
      expect(body.code).toBe('VALIDATION');
      expect(JSON.stringify(body), `${path} ${JSON.stringify(query)}`).toMatch(detail);
    }
    // 90 days exactly is allowed.
    expect((await get(m.token, 'bets', { from: '2024-01-01', to: '2024-03-30' })).status).toBe(200);
  });

  it('show a member only their own records', async () => {
    const owner = await member();
    const other = await member();
    await move(owner, 'deposit', 10_000n, undefined, channel);
    await move(owner, 'bet', -1_000n, 'bet:private');
    for (const path of ['account', 'bets']) {
      const { body } = await get(other.token, path, todayRange);
      expect(body.value).toMatchObject({ list: [], total: 0 });
    }
    const profit = await get(other.token, 'profit', todayRange);
    expect(profit.body.value.days).toEqual([]);
    // The query has no member parameter: an extra one is refused rather than obeyed.
    const sneaky = await get(other.token, 'account', { ...todayRange, memberId: owner.id });
    expect(sneaky.status).toBe(400);
  });

  it('ask visitors to log in and refuse free-play accounts', async () => {
    const freePlay = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextIp(),
    });
    expect(freePlay.status).toBe(200);
    for (const path of ['account', 'bets', 'profit']) {
      expect((await get(null, path, todayRange)).status).toBe(401);
      const trial = await get(freePlay.body.value.token, path, todayRange);
      expect(trial.status).toBe(403);
      expect(trial.body.code).toBe('NEED_REAL_ACCOUNT');
    }
  });
});
