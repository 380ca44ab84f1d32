import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import {
  adjust,
  balanceOf,
  bindPayoutAccount,
  multipart,
  PAYMENT_PASSWORD,
  PNG,
  reconcile,
  type WalletMember,
  walletMember,
} from '../../test/wallet.ts';
import { Ledger } from '../wallet/ledger.ts';

const test = useTestPortal();

async function funded(amount = '1000.00') {
  const member = await walletMember(test);
  await adjust(test, member.username, amount);
  const accountId = await bindPayoutAccount(test, member);
  return { member, accountId };
}

function withdraw(member: WalletMember, payload: Record<string, unknown>, key = randomUUID()) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/wallet/withdrawals',
    headers: { ...member.headers, ...EN, 'idempotency-key': key },
    remoteAddress: member.ip,
    payload,
  });
}

function operator(action: 'pay' | 'reject' | 'resolve', orderNo: string, payload?: object) {
  return call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/withdrawals/${orderNo}/${action}`,
    headers: test.admin,
    ...(payload ? { payload } : {}),
  });
}

function confirmation(member: WalletMember, orderNo: string, fields: Record<string, string>, proofs = 0) {
  const form = multipart(
    fields,
    Array.from({ length: proofs }, (_, i) => ({ field: 'proofs', name: `p${i}.png`, type: 'image/png', data: PNG })),
  );
  return call(test.portal.app, {
    method: 'POST',
    url: `/wps/wallet/withdrawals/${orderNo}/confirmation`,
    headers: { ...member.headers, ...EN, ...form.headers },
    payload: form.payload,
  });
}

describe('withdrawals', () => {
  it('holds the amount, pays it out on approval, and records each status', async () => {
    const { member, accountId } = await funded();
    const requested = await withdraw(member, {
      payoutAccountId: accountId,
      amount: '400.00',
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const { orderNo } = requested.body.value;
    expect(requested.body.value).toMatchObject({
      status: 'pending',
      amount: '400.00',
      payoutAccount: { provider: 'bKash' },
    });
    expect(await balanceOf(test, member)).toMatchObject({ cash: '600.00', withdrawalHold: '400.00', total: '1000.00' });

    expect((await operator('pay', orderNo)).status).toBe(200);
    expect(await balanceOf(test, member)).toMatchObject({ cash: '600.00', withdrawalHold: '0.00' });
    const received = await confirmation(member, orderNo, { received: 'true' });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.value.history.map((h: { status: string }) => h.status)).toEqual([
      'pending',
      'paid',
      'received',
    ]);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('releases the hold when the member cancels or the operator rejects, and only while pending', async () => {
    const { member, accountId } = await funded();
    const a = (
      await withdraw(member, { payoutAccountId: accountId, amount: '300.00', paymentPassword: PAYMENT_PASSWORD })
    ).body.value;
    const b = (
      await withdraw(member, { payoutAccountId: accountId, amount: '200.00', paymentPassword: PAYMENT_PASSWORD })
    ).body.value;
    const cancelled = await call(test.portal.app, {
      method: 'POST',
      url: `/wps/wallet/withdrawals/${a.orderNo}/cancel`,
      headers: member.headers,
    });
    expect(cancelled.body.value.status).toBe('cancelled');
    const rejected = await operator('reject', b.orderNo, { reason: 'account name differs' });
    expect(rejected.body.value).toMatchObject({ status: 'rejected', rejectReason: 'account name differs' });
    expect(await balanceOf(test, member)).toMatchObject({ cash: '1000.00', withdrawalHold: '0.00' });
    expect((await operator('pay', a.orderNo)).status).toBe(409);
    const again = await call(test.portal.app, {
      method: 'POST',
      url: `/wps/wallet/withdrawals/${b.orderNo}/cancel`,
      headers: member.headers,
    });
    expect(again.status).toBe(409);
  });

  it('holds a double-submitted withdrawal once, and never more than the balance when requests race', async () => {
    const { member, accountId } = await funded('500.00');
    const key = randomUUID();
    const doubles = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(member, { payoutAccountId: accountId, amount: '300.00', paymentPassword: PAYMENT_PASSWORD }, key),
      ),
    );
    expect(doubles.every((d) => d.status === 200)).toBe(true);
    expect(new Set(doubles.map((d) => d.body.value.orderNo)).size).toBe(1);
    expect(await balanceOf(test, member)).toMatchObject({ cash: '200.00', withdrawalHold: '300.00' });

    // Distinct requests racing bets on the same wallet: whatever wins, nothing goes below zero.
    const ledger = new Ledger(test.portal.database.db);
    const cash = await ledger.memberAccount(member.id, 'member_cash');
    const house = await ledger.systemAccount('house:bdt', 'house');
    const [withdrawn, betted] = await Promise.all([
      Promise.allSettled(
        Array.from({ length: 5 }, () =>
          withdraw(member, { payoutAccountId: accountId, amount: '100.00', paymentPassword: PAYMENT_PASSWORD }),
        ),
      ),
      Promise.allSettled(
        Array.from({ length: 5 }, (_, i) =>
          ledger.post({
            type: 'bet',
            reference: `bet:race-${member.id}-${i}`,
            lines: [
              { accountId: cash, amountMinor: -5_000n },
              { accountId: house, amountMinor: 5_000n },
            ],
          }),
        ),
      ),
    ]);
    const held = withdrawn.filter((r) => r.status === 'fulfilled' && r.value.status === 200).length;
    const bets = betted.filter((r) => r.status === 'fulfilled').length;
    expect(held * 10_000 + bets * 5_000).toBeLessThanOrEqual(20_000);
    const funds = await balanceOf(test, member);
    expect(Number(funds.cash)).toBeGreaterThanOrEqual(0);
    expect(Number(funds.cash) * 100).toBe(20_000 - held * 10_000 - bets * 5_000);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('asks for the payment password, the limits and the turnover of deposits', async () => {
    const { member, accountId } = await funded('1000.00');
    const wrong = await withdraw(member, { payoutAccountId: accountId, amount: '200.00', paymentPassword: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('PAYMENT_PASSWORD_WRONG');
    const small = await withdraw(member, {
      payoutAccountId: accountId,
      amount: '99.99',
      paymentPassword: PAYMENT_PASSWORD,
    });
    // Limits read as every amount does on the web: the brand's symbol (the seeded brand's taka) and grouped digits.
    expect(small.body.message).toBe('The amount must be at least ৳ 100.00');
    const large = await withdraw(member, {
      payoutAccountId: accountId,
      amount: '50000.01',
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(large.status).toBe(400);
    expect(large.body.message).toBe('The amount must be at most ৳ 50,000.00');

    // A confirmed deposit of 500 must be wagered once (100 %) before money leaves.
    await test.portal.database.db
      .insertInto('turnover_requirements')
      .values({ member_id: member.id, source: 'deposit', reference: `test-${member.id}`, required_minor: '50000' })
      .execute();
    const owed = await withdraw(member, {
      payoutAccountId: accountId,
      amount: '200.00',
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(owed.status).toBe(400);
    expect(owed.body.message).toBe(
      'Turnover requirement not met: ৳ 500.00 more in valid bets is needed before a withdrawal',
    );
    const ledger = new Ledger(test.portal.database.db);
    const cash = await ledger.memberAccount(member.id, 'member_cash');
    const house = await ledger.systemAccount('house:bdt', 'house');
    await ledger.post({
      type: 'bet',
      reference: `bet:t-${member.id}`,
      lines: [
        { accountId: cash, amountMinor: -30_000n },
        { accountId: house, amountMinor: 30_000n },
      ],
    });
    const eligibility = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/wallet/withdrawals/eligibility',
      headers: member.headers,
    });
    expect(eligibility.body.value).toMatchObject({
      turnoverRequired: '500.00',
      turnoverDone: '300.00',
      turnoverRemaining: '200.00',
      hasPaymentPassword: true,
      balance: '700.00',
    });
    await ledger.post({
      type: 'bet',
      reference: `bet:u-${member.id}`,
      lines: [
        { accountId: cash, amountMinor: -20_000n },
        { accountId: house, amountMinor: 20_000n },
      ],
    });
    const allowed = await withdraw(member, {
      payoutAccountId: accountId,
      amount: '200.00',
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it('takes a "not received" with proofs, which the operator settles by refunding what did not arrive', async () => {
    const { member, accountId } = await funded('1000.00');
    const { orderNo } = (
      await withdraw(member, { payoutAccountId: accountId, amount: '500.00', paymentPassword: PAYMENT_PASSWORD })
    ).body.value;
    await operator('pay', orderNo);
    const tooMany = await confirmation(member, orderNo, { received: 'false', receivedAmount: '200.00' }, 4);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('UPLOAD_TOO_MANY');
    const missing = await confirmation(member, orderNo, { received: 'false', receivedAmount: '200.00' }, 3);
    expect(missing.status, JSON.stringify(missing.body)).toBe(200);
    expect(missing.body.value).toMatchObject({
      status: 'not_received',
      receivedAmount: '200.00',
      remainingAmount: '300.00',
      proofCount: 3,
    });
    const refunded = await operator('resolve', orderNo, { outcome: 'refunded', note: 'gateway lost 300' });
    expect(refunded.body.value.status).toBe('refunded');
    expect((await balanceOf(test, member)).cash).toBe('800.00');
    expect((await operator('resolve', orderNo, { outcome: 'refunded', note: 'again' })).status).toBe(409);
    expect((await balanceOf(test, member)).cash).toBe('800.00');
  });

  it('counts a paid withdrawal left unconfirmed as received, after which it cannot be disputed', async () => {
    const { member, accountId } = await funded('1000.00');
    const { orderNo } = (
      await withdraw(member, { payoutAccountId: accountId, amount: '500.00', paymentPassword: PAYMENT_PASSWORD })
    ).body.value;
    await operator('pay', orderNo);
    await test.portal.database.db
      .updateTable('withdrawals')
      .set({ confirm_by: new Date(Date.now() - 1000) })
      .where('order_no', '=', orderNo)
      .execute();
    const late = await confirmation(member, orderNo, { received: 'false', receivedAmount: '0' }, 1);
    expect(late.status).toBe(409);
    const shown = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/wallet/withdrawals/${orderNo}`,
      headers: member.headers,
    });
    expect(shown.body.value).toMatchObject({ status: 'received', forcedReceipt: true });
    expect(shown.body.value.history.at(-1)).toMatchObject({ status: 'received', note: 'not confirmed in time' });
  });

  it('locks the payment password after five wrong tries', async () => {
    const { member, accountId } = await funded('1000.00');
    for (let i = 0; i < 5; i++) {
      await withdraw(member, { payoutAccountId: accountId, amount: '200.00', paymentPassword: '111111' });
    }
    const locked = await withdraw(member, {
      payoutAccountId: accountId,
      amount: '200.00',
      paymentPassword: PAYMENT_PASSWORD,
    });
    expect(locked.status).toBe(423);
    expect(locked.body.message).toBe('Too many wrong payment passwords. Please try again after 15 minutes.');
    expect((await balanceOf(test, member)).cash).toBe('1000.00');
  });

  it('binds at most the configured number of receiving accounts, each once, and masks the number', async () => {
    const member = await walletMember(test);
    const payload = {
      kind: 'bank',
      provider: 'DBBL',
      accountName: 'Rahim',
      accountNumber: '1051100012345',
      paymentPassword: PAYMENT_PASSWORD,
    };
    const first = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/payout-accounts',
      headers: member.headers,
      payload,
    });
    expect(first.body.value.accountNumberMasked).toBe('****2345');
    const same = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/payout-accounts',
      headers: member.headers,
      payload,
    });
    expect(same.status).toBe(409);
    for (let i = 0; i < 4; i++) await bindPayoutAccount(test, member);
    const sixth = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/payout-accounts',
      headers: { ...member.headers, ...EN },
      payload: { ...payload, accountNumber: '999988887777' },
    });
    expect(sixth.body.message).toBe('You can bind at most 5 receiving accounts');
  });

  it('refuses a provider or an account name of spaces only, and binds nothing', async () => {
    const member = await walletMember(test);
    const payload = {
      kind: 'ewallet',
      provider: 'bKash',
      accountName: 'Rahim',
      accountNumber: '01712345678',
      paymentPassword: PAYMENT_PASSWORD,
    };
    for (const blank of [{ provider: ' ' }, { accountName: '   ' }]) {
      const { status, body } = await call(test.portal.app, {
        method: 'POST',
        url: '/wps/wallet/payout-accounts',
        headers: { ...member.headers, ...EN },
        payload: { ...payload, ...blank },
      });
      expect(status, JSON.stringify(blank)).toBe(400);
      expect(body.code).toBe('VALIDATION');
    }
    const bound = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/wallet/payout-accounts',
      headers: member.headers,
    });
    expect(bound.body.value).toEqual([]);
  });
});
