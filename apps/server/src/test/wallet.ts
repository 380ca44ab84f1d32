// Helpers for wallet tests: channels, funded members with a payment password, multipart bodies, balances.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { call } from './harness.ts';
import { bearer, nextIp, type PortalContext, registered } from './members.ts';

export const SANDBOX_SECRET = 'sandbox-test-secret-0123456789abcdef';
export const PAYMENT_PASSWORD = '246810';

/** The smallest valid png (1×1), and a jpg header, for receipts and proofs. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);

export interface WalletMember {
  username: string;
  password: string;
  token: string;
  ip: string;
  id: string;
  headers: Record<string, string>;
}

let channelCounter = 0;
/** A manual e-wallet channel (or provider channel with `mode: 'provider'`) with the given overrides. */
export async function createChannel(context: PortalContext, overrides: Record<string, unknown> = {}) {
  channelCounter += 1;
  const mode = overrides.mode ?? 'manual';
  const { status, body } = await call(context.portal.app, {
    method: 'POST',
    url: '/admin/api/payment-channels',
    headers: context.admin,
    payload: {
      code: `ch${channelCounter}${Math.random().toString(36).slice(2, 6)}`,
      kind: 'ewallet',
      mode,
      displayName: 'bKash',
      minAmount: '100.00',
      maxAmount: '25000.00',
      quickAmounts: ['500.00', '1000.00'],
      ...(mode === 'provider'
        ? { provider: 'sandbox' }
        : { receivingAccount: { provider: 'bKash', accountName: 'Agent', accountNumber: '01700000100' } }),
      ...overrides,
    },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value as { code: string };
}

/** A bKash account the member binds for withdrawals (with the payment password); its id. */
export async function bindPayoutAccount(context: PortalContext, member: WalletMember): Promise<string> {
  const { status, body } = await call(context.portal.app, {
    method: 'POST',
    url: '/wps/wallet/payout-accounts',
    headers: member.headers,
    payload: {
      kind: 'ewallet',
      provider: 'bKash',
      accountName: 'Rahim',
      accountNumber: `017${Math.floor(Math.random() * 1e8)}`,
      paymentPassword: PAYMENT_PASSWORD,
    },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value.id as string;
}

/** A registered member with a payment password set. */
export async function walletMember(
  context: PortalContext,
  fields: Record<string, unknown> = {},
): Promise<WalletMember> {
  const member = await registered(context.portal.app, fields, nextIp());
  const headers = bearer(member.token);
  const set = await call(context.portal.app, {
    method: 'POST',
    url: '/wps/member/password/payment',
    headers,
    remoteAddress: member.ip,
    payload: {
      loginPassword: member.password,
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const row = await context.portal.database.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', member.username)
    .executeTakeFirstOrThrow();
  return { ...member, id: row.id, headers };
}

/** Credits (or debits) a member's cash through the operator's adjustment call. */
/** A deposit at a new manual channel, confirmed by the operator. */
export async function confirmedDeposit(context: PortalContext, member: WalletMember, amount: string) {
  const channel = await createChannel(context);
  const order = await call(context.portal.app, {
    method: 'POST',
    url: '/wps/wallet/deposits',
    headers: { ...member.headers, 'accept-language': 'en', 'idempotency-key': randomUUID() },
    payload: { channelCode: channel.code, amount },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const confirmed = await call(context.portal.app, {
    method: 'POST',
    url: `/admin/api/deposits/${order.body.value.orderNo}/confirm`,
    headers: context.admin,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

export async function adjust(context: PortalContext, account: string, amount: string) {
  const { status, body } = await call(context.portal.app, {
    method: 'POST',
    url: `/admin/api/members/${account}/adjustments`,
    headers: { ...context.admin, 'idempotency-key': randomUUID() },
    payload: { amount, reason: 'test funds' },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value as { balance: string };
}

export async function balanceOf(context: PortalContext, member: { headers: Record<string, string> }) {
  const { body } = await call(context.portal.app, {
    method: 'GET',
    url: '/wps/member/info/funds/consolidated',
    headers: member.headers,
  });
  return body.value as { cash: string; withdrawalHold: string; total: string };
}

export async function reconcile(context: PortalContext) {
  const { body } = await call(context.portal.app, {
    method: 'GET',
    url: '/admin/api/ledger/reconcile',
    headers: context.admin,
  });
  return body.value as { ok: boolean; total: string };
}

/** A multipart/form-data body of text fields and files. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[] = [],
) {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
