import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import {
  balanceOf,
  createChannel,
  JPG,
  multipart,
  PNG,
  reconcile,
  SANDBOX_SECRET,
  type WalletMember,
  walletMember,
} from '../../test/wallet.ts';
import { SANDBOX_SIGNATURE_HEADER, SandboxProvider } from './providers/sandbox.ts';

const test = useTestPortal({ PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET });
const sandbox = new SandboxProvider(SANDBOX_SECRET);

function createDeposit(member: WalletMember, payload: Record<string, unknown>, key = randomUUID()) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/wallet/deposits',
    headers: { ...member.headers, ...EN, 'idempotency-key': key },
    payload,
  });
}

function submit(
  member: WalletMember,
  orderNo: string,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) {
  const form = multipart(fields, files);
  return call(test.portal.app, {
    method: 'POST',
    url: `/wps/wallet/deposits/${orderNo}/submit`,
    headers: { ...member.headers, ...EN, ...form.headers },
    payload: form.payload,
  });
}

function operator(action: 'confirm' | 'reject', orderNo: string, payload?: object) {
  return call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/deposits/${orderNo}/${action}`,
    headers: test.admin,
    ...(payload ? { payload } : {}),
  });
}

function deliver(body: string, signature: string) {
  return test.portal.app.inject({
    method: 'POST',
    url: '/wps/payments/callback/sandbox',
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    payload: body,
  });
}

async function callbacks(outcome: string) {
  const rows = await test.portal.database.db
    .selectFrom('payment_callbacks')
    .select('id')
    .where('outcome', '=', outcome)
    .execute();
  return rows.length;
}

describe('deposits on a manual channel', () => {
  it('lists enabled channels with their limits and quick amounts', async () => {
    const channel = await createChannel(test, { displayName: 'Nagad' });
    await createChannel(test, { enabled: false });
    const member = await walletMember(test);
    const { status, body } = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/wallet/channels',
      headers: member.headers,
    });
    expect(status).toBe(200);
    const listed = body.value.find((c: { code: string }) => c.code === channel.code);
    expect(listed).toMatchObject({
      mode: 'manual',
      minAmount: '100.00',
      maxAmount: '25000.00',
      quickAmounts: ['500.00', '1000.00'],
    });
    expect(body.value.every((c: { code: string }) => c.code !== undefined)).toBe(true);
    expect(body.value.some((c: { receivingAccount?: unknown }) => 'receivingAccount' in c)).toBe(false);
  });

  it('goes created → waiting confirmation → confirmed, crediting once however often the operator confirms', async () => {
    const channel = await createChannel(test);
    const member = await walletMember(test);
    const created = await createDeposit(member, { channelCode: channel.code, amount: '1500.50' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const order = created.body.value;
    expect(order).toMatchObject({
      status: 'created',
      amount: '1500.50',
      receivingAccount: { accountNumber: '01700000100' },
    });
    expect(Date.parse(order.expiresAt) - Date.parse(order.createdAt)).toBeGreaterThan(29 * 60_000);

    const submitted = await submit(member, order.orderNo, { transactionRef: 'BK8X2K1Q9Z' }, [
      { field: 'receipt', name: 'receipt.png', type: 'image/png', data: PNG },
    ]);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.value).toMatchObject({
      status: 'waiting_confirmation',
      transactionRef: 'BK8X2K1Q9Z',
      hasReceipt: true,
    });

    const confirms = await Promise.all([1, 2, 3, 4, 5].map(() => operator('confirm', order.orderNo)));
    expect(confirms.every((r) => r.status === 200)).toBe(true);
    expect((await balanceOf(test, member)).cash).toBe('1500.50');
    const again = await operator('reject', order.orderNo, { reason: 'late' });
    expect(again.status).toBe(409);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('returns the same order for a retried create, and refuses the key with other details', async () => {
    const channel = await createChannel(test);
    const member = await walletMember(test);
    const key = randomUUID();
    const attempts = await Promise.all(
      Array.from({ length: 10 }, () => createDeposit(member, { channelCode: channel.code, amount: '500.00' }, key)),
    );
    expect(attempts.every((a) => a.status === 200)).toBe(true);
    expect(new Set(attempts.map((a) => a.body.value.orderNo)).size).toBe(1);
    const listed = await call(test.portal.app, { method: 'GET', url: '/wps/wallet/deposits', headers: member.headers });
    expect(listed.body.value).toMatchObject({
      total: 1,
      list: [{ orderNo: attempts[0]?.body.value.orderNo, channelCode: channel.code }],
    });
    const different = await createDeposit(member, { channelCode: channel.code, amount: '600.00' }, key);
    expect(different.status).toBe(409);
    expect(different.body.code).toBe('DUPLICATE_TRANSACTION');
    const missingKey = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/deposits',
      headers: member.headers,
      payload: { channelCode: channel.code, amount: '500.00' },
    });
    expect(missingKey.status).toBe(400);
    expect(missingKey.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('refuses a transaction id used before, a bad receipt, and a rejected order', async () => {
    const channel = await createChannel(test);
    const member = await walletMember(test);
    const first = (await createDeposit(member, { channelCode: channel.code, amount: '500.00' })).body.value;
    const second = (await createDeposit(member, { channelCode: channel.code, amount: '500.00' })).body.value;
    expect((await submit(member, first.orderNo, { transactionRef: 'TX-1234' })).status).toBe(200);
    const reused = await submit(member, second.orderNo, { transactionRef: 'tx-1234' });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This transaction id has already been used');

    const notImage = await submit(member, second.orderNo, { transactionRef: 'TX-9999' }, [
      {
        field: 'receipt',
        name: 'receipt.png',
        type: 'image/png',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    ]);
    expect(notImage.status).toBe(400);
    expect(notImage.body.code).toBe('UPLOAD_INVALID');
    const tooBig = await submit(member, second.orderNo, { transactionRef: 'TX-9999' }, [
      {
        field: 'receipt',
        name: 'big.jpg',
        type: 'image/jpeg',
        data: Buffer.concat([JPG, Buffer.alloc(5 * 1024 * 1024)]),
      },
    ]);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.code).toBe('UPLOAD_INVALID');
    const jpg = await submit(member, second.orderNo, { transactionRef: 'TX-9999' }, [
      { field: 'receipt', name: 'r.jpg', type: 'image/jpeg', data: JPG },
    ]);
    expect(jpg.status, JSON.stringify(jpg.body)).toBe(200);

    expect((await operator('reject', second.orderNo, { reason: 'no such payment' })).status).toBe(200);
    expect((await operator('confirm', second.orderNo)).status).toBe(409);
    expect((await balanceOf(test, member)).cash).toBe('0.00');
  });

  it('refuses a broken form as bad input and leaves the order as it was', async () => {
    const channel = await createChannel(test);
    const member = await walletMember(test);
    const order = (await createDeposit(member, { channelCode: channel.code, amount: '500.00' })).body.value;
    const broken: [string, string][] = [
      ['multipart/form-data', '--x\r\nContent-Disposition: form-data; name="transactionRef"\r\n\r\nTX-1\r\n--x--'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="transactionRef"\r\n\r\nTX-1'],
      ['multipart/form-data; boundary=x', 'not a form at all'],
    ];
    for (const [contentType, payload] of broken) {
      const { status, body } = await call(test.portal.app, {
        method: 'POST',
        url: `/wps/wallet/deposits/${order.orderNo}/submit`,
        headers: { ...member.headers, ...EN, 'content-type': contentType },
        payload,
      });
      expect(status, contentType).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    const after = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/wallet/deposits/${order.orderNo}`,
      headers: member.headers,
    });
    expect(after.body.value).toEqual(order);
  });

  it('expires an unpaid order, which the member can no longer submit but the operator may still confirm', async () => {
    const channel = await createChannel(test);
    const member = await walletMember(test);
    const order = (await createDeposit(member, { channelCode: channel.code, amount: '700.00' })).body.value;
    await test.portal.database.db
      .updateTable('deposit_orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_no', '=', order.orderNo)
      .execute();
    const late = await submit(member, order.orderNo, { transactionRef: 'LATE1234' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('ORDER_EXPIRED');
    const shown = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/wallet/deposits/${order.orderNo}`,
      headers: member.headers,
    });
    expect(shown.body.value.status).toBe('expired');
    expect((await operator('confirm', order.orderNo)).status).toBe(200);
    expect((await balanceOf(test, member)).cash).toBe('700.00');
  });

  it("does not show one member's order to another", async () => {
    const channel = await createChannel(test);
    const owner = await walletMember(test);
    const other = await walletMember(test);
    const order = (await createDeposit(owner, { channelCode: channel.code, amount: '500.00' })).body.value;
    const peek = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/wallet/deposits/${order.orderNo}`,
      headers: other.headers,
    });
    expect(peek.status).toBe(404);
    const list = await call(test.portal.app, { method: 'GET', url: '/wps/wallet/deposits', headers: other.headers });
    expect(list.body.value.total).toBe(0);
  });
});

describe('deposits through the sandbox gateway', () => {
  async function providerOrder(amount = '2500.00') {
    const channel = await createChannel(test, { mode: 'provider', kind: 'usdt', displayName: 'USDT' });
    const member = await walletMember(test);
    const order = (await createDeposit(member, { channelCode: channel.code, amount })).body.value;
    expect(order.payUrl).toMatch(/^\/sandbox-pay\/SBX[0-9A-F]{18}\?amount=\d+\.\d{2}&currency=BDT$/);
    const row = await test.portal.database.db
      .selectFrom('deposit_orders')
      .select('provider_ref')
      .where('order_no', '=', order.orderNo)
      .executeTakeFirstOrThrow();
    return { member, order, providerRef: row.provider_ref as string };
  }

  it('credits a genuine paid callback once, and refuses its replay', async () => {
    const { member, providerRef } = await providerOrder();
    const { body, signature } = sandbox.callback({
      providerRef,
      status: 'paid',
      amountMinor: 250_000n,
      currency: 'BDT',
    });
    const first = await deliver(body, signature);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().code).toBe('CREDITED');
    const replays = await Promise.all([1, 2, 3].map(() => deliver(body, signature)));
    expect(replays.map((r) => r.json().code)).toEqual(['REPLAYED', 'REPLAYED', 'REPLAYED']);
    expect((await balanceOf(test, member)).cash).toBe('2500.00');
    expect(await callbacks('replayed')).toBeGreaterThanOrEqual(3);
  });

  it('refuses forged, tampered, stale and mismatched callbacks, logging each, and credits nothing', async () => {
    const { member, providerRef } = await providerOrder();
    const forger = new SandboxProvider('not-the-secret-000000000000000');
    const forged = forger.callback({ providerRef, status: 'paid', amountMinor: 250_000n, currency: 'BDT' });
    expect((await deliver(forged.body, forged.signature)).statusCode).toBe(401);

    const genuine = sandbox.callback({ providerRef, status: 'paid', amountMinor: 250_000n, currency: 'BDT' });
    const tampered = genuine.body.replace('2500.00', '9500.00');
    expect((await deliver(tampered, genuine.signature)).statusCode).toBe(401);
    expect((await deliver(genuine.body, 'garbage')).statusCode).toBe(401);

    const old = sandbox.callback(
      { providerRef, status: 'paid', amountMinor: 250_000n, currency: 'BDT' },
      new Date(Date.now() - 10 * 60_000),
    );
    expect((await deliver(old.body, old.signature)).statusCode).toBe(401);

    const wrongAmount = sandbox.callback({ providerRef, status: 'paid', amountMinor: 900_000n, currency: 'BDT' });
    expect((await deliver(wrongAmount.body, wrongAmount.signature)).json().code).toBe('MISMATCH');

    expect((await balanceOf(test, member)).cash).toBe('0.00');
    expect(await callbacks('forged')).toBeGreaterThanOrEqual(3);
    expect(await callbacks('stale')).toBeGreaterThanOrEqual(1);
  });

  it('handles out-of-order delivery: a failure after payment changes nothing, a payment after a failure credits once', async () => {
    const paidFirst = await providerOrder();
    const paid = sandbox.callback({
      providerRef: paidFirst.providerRef,
      status: 'paid',
      amountMinor: 250_000n,
      currency: 'BDT',
    });
    const failed = sandbox.callback({
      providerRef: paidFirst.providerRef,
      status: 'failed',
      amountMinor: 250_000n,
      currency: 'BDT',
    });
    expect((await deliver(paid.body, paid.signature)).json().code).toBe('CREDITED');
    expect((await deliver(failed.body, failed.signature)).json().code).toBe('IGNORED');
    expect((await balanceOf(test, paidFirst.member)).cash).toBe('2500.00');

    const failedFirst = await providerOrder('1000.00');
    const failure = sandbox.callback({
      providerRef: failedFirst.providerRef,
      status: 'failed',
      amountMinor: 100_000n,
      currency: 'BDT',
    });
    const payment = sandbox.callback({
      providerRef: failedFirst.providerRef,
      status: 'paid',
      amountMinor: 100_000n,
      currency: 'BDT',
    });
    const again = sandbox.callback({
      providerRef: failedFirst.providerRef,
      status: 'paid',
      amountMinor: 100_000n,
      currency: 'BDT',
    });
    expect((await deliver(failure.body, failure.signature)).json().code).toBe('IGNORED');
    const both = await Promise.all([deliver(payment.body, payment.signature), deliver(again.body, again.signature)]);
    expect(both.map((r) => r.json().code).sort()).toEqual(['CREDITED', 'IGNORED']);
    expect((await balanceOf(test, failedFirst.member)).cash).toBe('1000.00');
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('pays through the sandbox gateway page, which calls the webhook over HTTP', async () => {
    const { member, providerRef } = await providerOrder('3000.00');
    const { status, body } = await call(test.portal.app, {
      method: 'POST',
      url: `/sandbox/payments/${providerRef}/complete`,
      payload: { outcome: 'paid' },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.value.callbackStatus).toBe(200);
    expect((await balanceOf(test, member)).cash).toBe('3000.00');
  });
});
