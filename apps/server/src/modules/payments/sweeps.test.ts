import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jobs } from '../../jobs/jobs.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import {
  adjust,
  bindPayoutAccount,
  createChannel,
  PAYMENT_PASSWORD,
  type WalletMember,
  walletMember,
} from '../../test/wallet.ts';
import { schedulePaymentSweeps } from './sweeps.ts';

// Reads show a deadline's effect as of now without writing it; the payments' periodic jobs write it down. The
// portal's own job runner is stopped here and one with a clock the test moves runs the same jobs, so that nothing
// writes between a read and the check that it wrote nothing.
const test = useTestPortal();
const clock = { now: Date.parse('2031-05-06T07:00:10Z') };
let jobs: Jobs;

beforeAll(async () => {
  await test.portal.app.jobs.stop();
  jobs = new Jobs({
    database: test.portal.database,
    log: test.portal.app.log,
    pollMs: 500,
    stopTimeoutMs: 2000,
    now: () => clock.now,
  });
  const { deposits, withdrawals } = test.portal.app.services;
  schedulePaymentSweeps(jobs, { deposits, withdrawals, everyMs: 30_000 });
  await jobs.start();
});
afterAll(() => jobs.stop());

/** The next window's jobs: the clock moves past its end and the scheduler sends them. */
async function nextWindow() {
  clock.now += 30_000;
  await jobs.sendDueWindows();
}

describe('deposit expiry', () => {
  it('shows an order past its deadline as expired without writing it; the expiry job writes it', async () => {
    const channel = await createChannel(test);
    const member = await walletMember(test);
    const created = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/deposits',
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
      payload: { channelCode: channel.code, amount: '300.00' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { orderNo } = created.body.value;
    const stored = () =>
      test.portal.database.db
        .selectFrom('deposit_orders')
        .select(['status', 'updated_at'])
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow();
    await test.portal.database.db
      .updateTable('deposit_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_no', '=', orderNo)
      .execute();
    const before = await stored();

    const read = () =>
      call(test.portal.app, { method: 'GET', url: `/wps/wallet/deposits/${orderNo}`, headers: member.headers });
    const list = (status: string) =>
      call(test.portal.app, {
        method: 'GET',
        url: `/wps/wallet/deposits?status=${status}`,
        headers: member.headers,
      });
    const shown = await read();
    expect(shown.body.value).toMatchObject({ status: 'expired', payUrl: null });
    expect((await list('expired')).body.value.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNo]);
    expect((await list('created')).body.value.total).toBe(0);
    expect(await stored()).toEqual(before);
    expect(before.status).toBe('created');

    await nextWindow();
    await until(async () => (await stored()).status === 'expired');
    expect((await read()).body.value).toEqual(shown.body.value);
  });
});

describe('forced receipts', () => {
  async function paidWithdrawal(member: WalletMember) {
    await adjust(test, member.username, '900.00');
    const payoutAccountId = await bindPayoutAccount(test, member);
    const requested = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/withdrawals',
      headers: { ...member.headers, 'idempotency-key': randomUUID() },
      remoteAddress: member.ip,
      payload: { payoutAccountId, amount: '600.00', paymentPassword: PAYMENT_PASSWORD },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const { orderNo } = requested.body.value;
    const paid = await call(test.portal.app, {
      method: 'POST',
      url: `/admin/api/withdrawals/${orderNo}/pay`,
      headers: test.admin,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return orderNo as string;
  }

  it('shows a paid withdrawal left unconfirmed as received without writing it; the job writes the same', async () => {
    const member = await walletMember(test);
    const orderNo = await paidWithdrawal(member);
    const confirmBy = new Date(Date.now() - 1000);
    await test.portal.database.db
      .updateTable('withdrawals')
      .set({ confirm_by: confirmBy })
      .where('order_no', '=', orderNo)
      .execute();
    const stored = async () => {
      const row = await test.portal.database.db
        .selectFrom('withdrawals')
        .select(['id', 'status', 'forced_receipt', 'received_minor', 'updated_at'])
        .where('order_no', '=', orderNo)
        .executeTakeFirstOrThrow();
      const events = await test.portal.database.db
        .selectFrom('withdrawal_events')
        .select(['status', 'note'])
        .where('withdrawal_id', '=', row.id)
        .orderBy('id')
        .execute();
      return { ...row, events };
    };
    const before = await stored();

    const read = (url: string) => call(test.portal.app, { method: 'GET', url, headers: member.headers });
    const shown = await read(`/wps/wallet/withdrawals/${orderNo}`);
    expect(shown.body.value).toMatchObject({
      status: 'received',
      forcedReceipt: true,
      receivedAmount: '600.00',
      remainingAmount: '0.00',
    });
    expect(shown.body.value.history.at(-1)).toEqual({
      status: 'received',
      at: confirmBy.toISOString(),
      note: 'not confirmed in time',
    });
    const orders = (status: string) =>
      read(`/wps/wallet/withdrawals?status=${status}`).then((r) =>
        r.body.value.list.map((w: { orderNo: string }) => w.orderNo),
      );
    expect(await orders('received')).toEqual([orderNo]);
    expect(await orders('paid')).toEqual([]);
    expect(await stored()).toEqual(before);
    expect(before).toMatchObject({ status: 'paid', forced_receipt: false, received_minor: null });

    await nextWindow();
    await until(async () => (await stored()).status === 'received');
    expect(await stored()).toMatchObject({ forced_receipt: true, received_minor: '60000' });
    // What the reads showed before the job is what they show after it.
    expect((await read(`/wps/wallet/withdrawals/${orderNo}`)).body.value).toEqual(shown.body.value);
  });
});

async function until(probe: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
