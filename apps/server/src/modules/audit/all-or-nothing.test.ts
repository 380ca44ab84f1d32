import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN, nextName } from '../../test/members.ts';
import {
  adjust,
  balanceOf,
  bindPayoutAccount,
  createChannel,
  multipart,
  PAYMENT_PASSWORD,
  PNG,
  reconcile,
  type WalletMember,
  walletMember,
} from '../../test/wallet.ts';

// Every action here changes state and writes an audit row. With the audit insert made to fail, the action must leave
// everything as it was; with the failure gone, the same request must then succeed, once.

const test = useTestPortal();

/** Makes every insert into audit_log fail (a trigger in this portal's own database or schema), or stops it. */
async function failAuditInserts(on: boolean) {
  const db = test.portal.database.db;
  if (on) {
    await sql`CREATE OR REPLACE FUNCTION audit_refused_by_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit insert refused by the test'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_refused BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_refused_by_test()`.execute(db);
  } else {
    await sql`DROP TRIGGER audit_refused ON audit_log`.execute(db);
  }
}

/** Everything the actions below could change: balances, journal, keys, orders, settings, members, the log. */
async function storedState() {
  const db = test.portal.database.db;
  const all = <T extends Parameters<typeof db.selectFrom>[0]>(table: T, order: string) =>
    sql`SELECT * FROM ${sql.table(table as string)} ORDER BY ${sql.ref(order)}`.execute(db).then((r) => r.rows);
  return {
    // Accounts are opened on first use, before a movement's transaction; an empty one holds no money.
    balances: await db
      .selectFrom('ledger_accounts')
      .select(['id', 'balance_minor'])
      .where('balance_minor', '<>', '0')
      .orderBy('id')
      .execute(),
    entries: await db.selectFrom('journal_entries').select(['id', 'idempotency_key']).orderBy('id').execute(),
    lines: await all('journal_lines', 'id'),
    deposits: await all('deposit_orders', 'id'),
    withdrawals: await all('withdrawals', 'id'),
    withdrawalEvents: await all('withdrawal_events', 'id'),
    turnover: await all('turnover_requirements', 'id'),
    settings: await all('settings', 'key'),
    flags: await all('feature_flags', 'code'),
    members: await db.selectFrom('members').select(['id', 'account']).orderBy('id').execute(),
    audit: await all('audit_log', 'id'),
  };
}

/** Runs `act` while audit inserts fail: it must answer 500 and leave everything as it was. */
async function refusedWhileAuditFails(act: () => Promise<{ status: number; body: unknown }>) {
  const before = await storedState();
  await failAuditInserts(true);
  let answer: { status: number; body: unknown };
  try {
    answer = await act();
  } finally {
    await failAuditInserts(false);
  }
  expect(answer.status, JSON.stringify(answer.body)).toBe(500);
  expect(await storedState()).toEqual(before);
}

async function auditRows(action: string, field: string, value: string) {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log
    WHERE action = ${action} AND detail ->> ${field} = ${value}`.execute(test.portal.database.db);
  return Number(rows[0]?.n);
}

async function entriesUnder(key: string) {
  const rows = await test.portal.database.db
    .selectFrom('journal_entries')
    .select('id')
    .where('idempotency_key', '=', key)
    .execute();
  return rows.length;
}

function adjustment(account: string, key: string, payload: object) {
  return call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/members/${account}/adjustments`,
    headers: { ...test.admin, ...EN, 'idempotency-key': key },
    payload,
  });
}

function depositDecision(action: 'confirm' | 'reject', orderNo: string) {
  return call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/deposits/${orderNo}/${action}`,
    headers: test.admin,
    ...(action === 'reject' ? { payload: { reason: 'no such payment' } } : {}),
  });
}

function withdrawalDecision(action: 'pay' | 'reject' | 'resolve', orderNo: string) {
  const payloads = {
    pay: undefined,
    reject: { reason: 'checks failed' },
    resolve: { outcome: 'refunded', note: 'ok' },
  };
  const payload = payloads[action];
  return call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/withdrawals/${orderNo}/${action}`,
    headers: test.admin,
    ...(payload ? { payload } : {}),
  });
}

async function depositOrder(member: WalletMember, channelCode: string) {
  const created = await call(test.portal.app, {
    method: 'POST',
    url: '/wps/wallet/deposits',
    headers: { ...member.headers, 'idempotency-key': randomUUID() },
    payload: { channelCode, amount: '500.00' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.value.orderNo as string;
}

async function withdrawal(member: WalletMember) {
  const payoutAccountId = await bindPayoutAccount(test, member);
  const requested = await call(test.portal.app, {
    method: 'POST',
    url: '/wps/wallet/withdrawals',
    headers: { ...member.headers, 'idempotency-key': randomUUID() },
    remoteAddress: member.ip,
    payload: { payoutAccountId, amount: '300.00', paymentPassword: PAYMENT_PASSWORD },
  });
  expect(requested.status, JSON.stringify(requested.body)).toBe(200);
  return requested.body.value.orderNo as string;
}

describe('a state change and its audit row commit together, or neither does', () => {
  it('an adjustment whose audit row fails moves no money; the retry under the same key posts once', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '1000.00');
    const key = randomUUID();
    const payload = { amount: '5.00', reason: 'bonus' };

    await refusedWhileAuditFails(() => adjustment(member.username, key, payload));
    expect((await balanceOf(test, member)).cash).toBe('1000.00');
    expect(await entriesUnder(`adjustment:${key}`)).toBe(0);

    const retried = await adjustment(member.username, key, payload);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.value.balance).toBe('1005.00');
    // A second retry (the answer was lost, say) is answered alike and writes nothing more.
    const replayed = await adjustment(member.username, key, payload);
    expect(replayed.body.value).toEqual(retried.body.value);
    expect((await balanceOf(test, member)).cash).toBe('1005.00');
    expect(await entriesUnder(`adjustment:${key}`)).toBe(1);
    expect(await auditRows('wallet.adjusted', 'entryId', retried.body.value.entryId)).toBe(1);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('a deposit confirmed or rejected while its audit row fails stays as it was; the retry decides it once', async () => {
    const channel = await createChannel(test);
    const member = await walletMember(test);
    const confirmed = await depositOrder(member, channel.code);
    const rejected = await depositOrder(member, channel.code);

    await refusedWhileAuditFails(() => depositDecision('confirm', confirmed));
    await refusedWhileAuditFails(() => depositDecision('reject', rejected));
    expect((await balanceOf(test, member)).cash).toBe('0.00');

    expect((await depositDecision('confirm', confirmed)).body.value.status).toBe('confirmed');
    // Confirmed already: answered as it stands, with no second entry or audit row.
    expect((await depositDecision('confirm', confirmed)).status).toBe(200);
    expect((await depositDecision('reject', rejected)).body.value.status).toBe('rejected');
    expect((await balanceOf(test, member)).cash).toBe('500.00');
    expect(await entriesUnder(`deposit:${confirmed}`)).toBe(1);
    expect(await auditRows('deposit.confirmed', 'orderNo', confirmed)).toBe(1);
    expect(await auditRows('deposit.rejected', 'orderNo', rejected)).toBe(1);
  });

  it('a withdrawal paid, rejected or resolved while its audit row fails stays as it was; the retry decides it once', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '1000.00');
    const paid = await withdrawal(member);
    const rejected = await withdrawal(member);
    expect((await balanceOf(test, member)).withdrawalHold).toBe('600.00');

    await refusedWhileAuditFails(() => withdrawalDecision('pay', paid));
    await refusedWhileAuditFails(() => withdrawalDecision('reject', rejected));
    expect((await withdrawalDecision('pay', paid)).body.value.status).toBe('paid');
    expect((await withdrawalDecision('reject', rejected)).body.value.status).toBe('rejected');
    expect(await balanceOf(test, member)).toMatchObject({ cash: '700.00', withdrawalHold: '0.00' });

    const form = multipart({ received: 'false', receivedAmount: '0' }, [
      { field: 'proofs', name: 'p.png', type: 'image/png', data: PNG },
    ]);
    const reported = await call(test.portal.app, {
      method: 'POST',
      url: `/wps/wallet/withdrawals/${paid}/confirmation`,
      headers: { ...member.headers, ...form.headers },
      payload: form.payload,
    });
    expect(reported.body.value?.status, JSON.stringify(reported.body)).toBe('not_received');
    await refusedWhileAuditFails(() => withdrawalDecision('resolve', paid));
    expect((await withdrawalDecision('resolve', paid)).body.value.status).toBe('refunded');
    expect((await balanceOf(test, member)).cash).toBe('1000.00');

    for (const key of [`withdrawal-settle:${paid}`, `withdrawal-settle:${rejected}`, `withdrawal-refund:${paid}`]) {
      expect(await entriesUnder(key), key).toBe(1);
    }
    expect(await auditRows('withdrawal.paid', 'orderNo', paid)).toBe(1);
    expect(await auditRows('withdrawal.rejected', 'orderNo', rejected)).toBe(1);
    expect(await auditRows('withdrawal.refunded', 'orderNo', paid)).toBe(1);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('a setting, a flag and a new member are not saved while their audit row fails, and saved once after', async () => {
    const app = test.portal.app;
    const customerService = {
      method: 'PUT' as const,
      url: '/admin/api/settings/customerService',
      headers: test.admin,
      payload: [{ csPosition: 'R', csType: 'LIVECHAT', path: 'https://help.example.com/', title: { en: 'Help' } }],
    };
    const flags = {
      method: 'PUT' as const,
      url: '/admin/api/flags',
      headers: test.admin,
      payload: { FREEPLAY3: true },
    };
    const account = nextName('audited');
    const member = {
      method: 'POST' as const,
      url: '/admin/api/members',
      headers: test.admin,
      payload: { account, password: 'Secret123', type: 0 },
    };
    for (const request of [customerService, flags, member]) {
      await refusedWhileAuditFails(() => call(app, request));
      const saved = await call(app, request);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    expect(
      (await call(app, { method: 'GET', url: '/admin/api/flags', headers: test.admin })).body.value.FREEPLAY3,
    ).toBe(true);
    const db = test.portal.database.db;
    const created = await db.selectFrom('members').select('id').where('account', '=', account).execute();
    expect(created).toHaveLength(1);
    expect(await auditRows('member.create', 'account', account)).toBe(1);
    const settingRows = await db.selectFrom('audit_log').select('id').where('action', '=', 'settings.customerService');
    expect(await settingRows.execute()).toHaveLength(1);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses the adjustment with a lone surrogate as a 400 naming the field, before anything is written', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '1000.00');
    const before = await storedState();
    const key = randomUUID();
    for (const [language, text] of [
      ['en', 'reason contains a character that cannot be saved'],
      ['bn', 'reason-এ এমন একটি অক্ষর আছে যা সংরক্ষণ করা যায় না'],
    ]) {
      const refused = await test.portal.app.inject({
        method: 'POST',
        url: `/admin/api/members/${member.username}/adjustments`,
        headers: {
          ...test.admin,
          'accept-language': language,
          'idempotency-key': key,
          'content-type': 'application/json',
        },
        // The JSON escape, as a client sends it: parsed, it is half of a surrogate pair.
        payload: '{"amount":"5.00","reason":"bonus \\ud800"}',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'TEXT_UNSTORABLE', value: { field: 'reason' } });
      expect(refused.json().message).toContain(text);
    }
    expect(await storedState()).toEqual(before);
    // The same key is still free for the corrected request.
    const corrected = await adjustment(member.username, key, { amount: '5.00', reason: 'bonus 🎉' });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.value.balance).toBe('1005.00');
  });

  it('refuses NUL and lone surrogates in bodies, nested keys, query strings, parameters and form fields', async () => {
    const channel = await createChannel(test);
    const member = await walletMember(test);
    const orderNo = await depositOrder(member, channel.code);
    const before = await storedState();
    const json = { ...test.admin, 'content-type': 'application/json' };
    const form = multipart({ transactionRef: 'TX\u000012345678' });
    const cases: [InjectOptions, string][] = [
      [
        {
          method: 'POST',
          url: `/admin/api/deposits/${orderNo}/reject`,
          headers: json,
          payload: '{"reason":"a\\u0000b"}',
        },
        'reason',
      ],
      [
        {
          method: 'PUT',
          url: '/admin/api/settings/customerService',
          headers: json,
          payload: '[{"csPosition":"R","csType":"LIVECHAT","path":"https://x.example/","title":{"en":"\\udc00"}}]',
        },
        '0.title.en',
      ],
      [{ method: 'PUT', url: '/admin/api/flags', headers: json, payload: '{"FREEPLAY3":true,"\\ud83d":true}' }, 'body'],
      [{ method: 'GET', url: '/admin/api/audit?actor=%00', headers: test.admin }, 'actor'],
      [{ method: 'POST', url: '/admin/api/members/a%00b/unlock', headers: test.admin }, 'account'],
      [
        {
          method: 'POST',
          url: `/wps/wallet/deposits/${orderNo}/submit`,
          headers: { ...member.headers, ...form.headers },
          payload: form.payload,
        },
        'transactionRef',
      ],
    ];
    for (const [request, field] of cases) {
      const response = await test.portal.app.inject({ ...request, headers: { ...request.headers, ...EN } });
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
      expect(response.json(), `${request.method} ${request.url}`).toMatchObject({
        code: 'TEXT_UNSTORABLE',
        value: { field },
      });
    }
    expect(await storedState()).toEqual(before);
  });
});
