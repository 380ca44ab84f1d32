import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import {
  adjust,
  balanceOf,
  createChannel,
  PAYMENT_PASSWORD,
  type WalletMember,
  walletMember,
} from '../../test/wallet.ts';

const test = useTestPortal();

/** Every way an amount can be wrong; each must be a clear 4xx that moves nothing. */
const BAD_AMOUNTS: [string, unknown][] = [
  ['negative', '-10.00'],
  ['zero', '0'],
  ['zero with decimals', '0.00'],
  ['three decimals', '10.001'],
  ['not a number', 'ten'],
  ['exponent form', '1e3'],
  ['exponent as a JSON number', 1e3],
  ['a JSON number', 100],
  ['above 2^53', '9007199254740993'],
  ['a huge string', '9'.repeat(5000)],
  ['leading zeros', '007.00'],
  ['spaces', ' 10.00'],
  ['a comma', '1,000.00'],
  ['hexadecimal', '0x10'],
  ['infinity', 'Infinity'],
  ['empty', ''],
  ['null', null],
  ['an object', { value: '10.00' }],
];

describe('bad amounts', () => {
  let member: WalletMember;
  let channelCode: string;
  let accountId: string;
  let upline: WalletMember;

  beforeAll(async () => {
    upline = await walletMember(test);
    member = await walletMember(test);
    await test.portal.database.db
      .updateTable('members')
      .set({ type: 1 })
      .where('account', '=', upline.username)
      .execute();
    await test.portal.database.db
      .updateTable('members')
      .set({ upline_id: upline.id })
      .where('account', '=', member.username)
      .execute();
    await adjust(test, member.username, '1000.00');
    channelCode = (await createChannel(test, { maxAmount: '5000.00' })).code;
    const bound = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/payout-accounts',
      headers: member.headers,
      payload: {
        kind: 'ewallet',
        provider: 'Nagad',
        accountName: 'Karim',
        accountNumber: '01811112222',
        paymentPassword: PAYMENT_PASSWORD,
      },
    });
    accountId = bound.body.value.id;
  });

  const calls = () => [
    { url: '/wps/wallet/deposits', payload: (amount: unknown) => ({ channelCode, amount }) },
    {
      url: '/wps/wallet/withdrawals',
      payload: (amount: unknown) => ({ payoutAccountId: accountId, amount, paymentPassword: PAYMENT_PASSWORD }),
    },
    {
      url: '/wps/wallet/transfers',
      payload: (amount: unknown) => ({ to: upline.username, amount, paymentPassword: PAYMENT_PASSWORD }),
    },
  ];

  it.each(BAD_AMOUNTS)('refuses %s with a 400 and moves nothing', async (_name, amount) => {
    for (const target of calls()) {
      const response = await call(test.portal.app, {
        method: 'POST',
        url: target.url,
        headers: { ...member.headers, ...EN, 'idempotency-key': randomUUID() },
        payload: target.payload(amount),
      });
      expect(response.status, `${target.url} ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.success).toBe(false);
      expect(['VALIDATION', 'AMOUNT_INVALID', 'PAYLOAD_TOO_LARGE']).toContain(response.body.code);
    }
    expect(await balanceOf(test, member)).toMatchObject({ cash: '1000.00', withdrawalHold: '0.00' });
    expect((await balanceOf(test, upline)).cash).toBe('0.00');
    const orders = await test.portal.database.db
      .selectFrom('deposit_orders')
      .select('id')
      .where('member_id', '=', member.id)
      .execute();
    expect(orders).toHaveLength(0);
  });

  it('refuses an amount above the channel maximum with the limit in the message', async () => {
    const response = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/deposits',
      headers: { ...member.headers, ...EN, 'idempotency-key': randomUUID() },
      payload: { channelCode, amount: '5000.01' },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The amount must be at most ৳ 5,000.00');
  });

  it('refuses more than the balance with a clear 409 and moves nothing', async () => {
    const response = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/wallet/transfers',
      headers: { ...member.headers, ...EN, 'idempotency-key': randomUUID() },
      payload: { to: upline.username, amount: '1000.01', paymentPassword: PAYMENT_PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Insufficient balance');
    expect((await balanceOf(test, member)).cash).toBe('1000.00');
  });
});
