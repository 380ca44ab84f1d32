import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fromMinor, toMinor } from '@portal/shared/money';
import { verifySignature } from '@portal/shared/vendor-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import { adjust, reconcile, type WalletMember, walletMember } from '../../test/wallet.ts';
import { VendorTransferClient } from '../seamless/transfer-client.ts';
import { Ledger } from './ledger.ts';
import { RESEND_AFTER_MS, VendorWallets } from './vendor-wallets.ts';

const test = useTestPortal();
const SECRET = randomBytes(32).toString('hex');

/**
 * A vendor in transfer mode, over real HTTP: it checks the portal's signature, holds its players' balances and applies
 * each transaction id once (a repeat answers as the first time). `next` makes its next deposit or withdrawal drop the
 * answer after applying it (a lost answer), or refuse.
 */
class TransferVendor {
  readonly balances = new Map<string, bigint>();
  readonly applied = new Map<string, { status: number; body: unknown }>();
  calls = 0;
  next: 'drop' | 'refuse' | null = null;
  private server = http.createServer((request, response) => void this.handle(request, response));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/transfer`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (verifySignature(SECRET, raw, request.headers['x-vendor-signature'])) {
      return answer(401, { success: false, code: 'SIGNATURE_INVALID' });
    }
    const body = JSON.parse(raw.toString('utf8'));
    const operation = request.url?.replace('/transfer/', '');
    const balance = this.balances.get(body.playerId) ?? 0n;
    if (operation === 'balance') {
      return answer(200, {
        success: true,
        code: 'OK',
        value: { playerId: body.playerId, balance: fromMinor(balance) },
      });
    }
    this.calls += 1;
    const earlier = this.applied.get(body.txId);
    if (earlier) return answer(earlier.status, earlier.body);
    const mode = this.next;
    this.next = null;
    let result: { status: number; body: unknown };
    const amount = toMinor(body.amount);
    if (mode === 'refuse') {
      result = { status: 409, body: { success: false, code: 'PLAYER_LOCKED' } };
    } else if (operation === 'withdraw' && balance < amount) {
      result = { status: 409, body: { success: false, code: 'INSUFFICIENT_FUNDS' } };
    } else {
      const after = operation === 'deposit' ? balance + amount : balance - amount;
      this.balances.set(body.playerId, after);
      result = {
        status: 200,
        body: { success: true, code: 'OK', value: { txId: body.txId, balance: fromMinor(after) } },
      };
    }
    this.applied.set(body.txId, result);
    if (mode === 'drop') {
      request.socket.destroy();
      return;
    }
    answer(result.status, result.body);
  }
}

const vendor = new TransferVendor();
let wallets: VendorWallets;

beforeAll(async () => {
  const transferUrl = await vendor.start();
  const connected = await call(test.portal.app, {
    method: 'PUT',
    url: '/admin/api/vendor-integrations/SBO',
    headers: test.admin,
    payload: { secret: SECRET, currency: 'BDT', transferUrl },
  });
  expect(connected.status).toBe(200);
  const { app } = test.portal;
  const db = test.portal.database.db;
  wallets = new VendorWallets(
    db,
    new Ledger(db),
    'BDT',
    () => app.services.vendors.transferVendors(),
    new VendorTransferClient(app.seamless),
    async (memberId) => (await app.services.members.accountsOf([memberId])).get(memberId) ?? '',
  );
});

afterAll(() => vendor.stop());

function move(member: WalletMember, payload: Record<string, unknown>, key = randomUUID()) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { ...member.headers, ...EN, 'idempotency-key': key },
    payload,
  });
}

async function listed(member: WalletMember) {
  const { body } = await call(test.portal.app, {
    method: 'GET',
    url: '/wps/relay/GCS_merchantWallet',
    headers: member.headers,
  });
  return body.value as { main: string; wallets: { vassalage: string; balance: string | null }[] };
}

const atVendor = (member: WalletMember) => vendor.balances.get(member.username) ?? 0n;

describe('wallets at vendors in transfer mode', () => {
  it('moves money to the vendor and back through its transfer API, once per key, and lists its balance', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '500.00');
    const before = await listed(member);
    expect(before.main).toBe('500.00');
    expect(before.wallets).toEqual([
      { vassalage: 'SABA', displayName: expect.any(String), balance: '0.00' },
      { vassalage: 'SBO', displayName: expect.any(String), balance: '0.00' },
    ]);

    const key = randomUUID();
    const applied = vendor.applied.size;
    const moved = await Promise.all(
      [1, 2, 3].map(() => move(member, { from: 'MAIN', to: 'SBO', amount: '200.00' }, key)),
    );
    expect(moved.map((m) => [m.status, m.body.code])).toEqual([
      [200, 'OK'],
      [200, 'OK'],
      [200, 'OK'],
    ]);
    expect(moved[0]?.body.value).toEqual({
      from: 'MAIN',
      to: 'SBO',
      amount: '200.00',
      status: 'done',
      main: '300.00',
      vendor: '200.00',
    });
    // One move, under one transaction id: the requests that found it written but not yet answered sent the same
    // call again, which the vendor answers as the first time.
    expect(vendor.applied.size - applied).toBe(1);
    expect(atVendor(member)).toBe(20000n);

    // The member plays at the vendor and wins 30.00 there; money comes back out of what the vendor holds.
    vendor.balances.set(member.username, atVendor(member) + 3000n);
    const back = await move(member, { from: 'SBO', to: 'MAIN', amount: '230.00' });
    expect(back.body.value).toMatchObject({ status: 'done', main: '530.00', vendor: '0.00' });
    expect((await listed(member)).wallets.find((w) => w.vassalage === 'SBO')?.balance).toBe('0.00');
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('refuses what the vendor refuses, moving nothing, and a vendor not connected has no wallet to move into', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '100.00');
    for (const payload of [
      { from: 'MAIN', to: 'PG', amount: '10.00' },
      { from: 'MAIN', to: 'MAIN', amount: '10.00' },
      { from: 'SBO', to: 'SABA', amount: '10.00' },
    ]) {
      const refused = await move(member, payload);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('WALLET_TRANSFER_INVALID');
    }
    const tooMuch = await move(member, { from: 'SBO', to: 'MAIN', amount: '1.00' });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([409, 'Insufficient balance']);

    vendor.next = 'refuse';
    const key = randomUUID();
    const locked = await move(member, { from: 'MAIN', to: 'SBO', amount: '40.00' }, key);
    expect([locked.status, locked.body.code]).toEqual([409, 'VENDOR_TRANSFER_REFUSED']);
    // The money taken for the move came back; a retry of the key answers the same refusal.
    expect((await listed(member)).main).toBe('100.00');
    expect((await move(member, { from: 'MAIN', to: 'SBO', amount: '40.00' }, key)).body.code).toBe(
      'VENDOR_TRANSFER_REFUSED',
    );

    const notConnected = await move(member, { from: 'MAIN', to: 'SABA', amount: '10.00' });
    expect([notConnected.status, notConnected.body.code]).toEqual([503, 'GAME_MAINTENANCE']);
    expect((await listed(member)).main).toBe('100.00');
    expect(atVendor(member)).toBe(0n);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('leaves a move whose answer was lost pending and completes it once when sent again', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '100.00');

    vendor.next = 'drop';
    const into = await move(member, { from: 'MAIN', to: 'SBO', amount: '60.00' });
    expect(into.body.value).toMatchObject({ status: 'pending', main: '40.00', vendor: null });
    expect(atVendor(member)).toBe(6000n);
    const pending = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/vendor-transfers?status=pending',
      headers: test.admin,
    });
    expect(pending.body.value).toContainEqual(
      expect.objectContaining({
        account: member.username,
        vendor: 'SBO',
        direction: 'in',
        amount: '60.00',
        attempts: 1,
      }),
    );
    // Not yet due: nothing is sent again; then the sweep sends it again and the vendor answers as the first time.
    const calls = vendor.calls;
    await wallets.resendPending();
    expect(vendor.calls).toBe(calls);
    await wallets.resendPending(Date.now() + RESEND_AFTER_MS + 1000);
    expect(vendor.calls).toBe(calls + 1);
    expect(atVendor(member)).toBe(6000n);
    expect((await listed(member)).main).toBe('40.00');
    const stillPending = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/vendor-transfers?status=pending',
      headers: test.admin,
    });
    expect(stillPending.body.value.filter((move: { account: string }) => move.account === member.username)).toEqual([]);

    vendor.next = 'drop';
    const key = randomUUID();
    const out = await move(member, { from: 'SBO', to: 'MAIN', amount: '25.00' }, key);
    expect(out.body.value).toMatchObject({ status: 'pending', main: '40.00' });
    expect(atVendor(member)).toBe(3500n);
    // The member's retry sends it again at once; the cash arrives once, whatever else sends it again.
    const retried = await move(member, { from: 'SBO', to: 'MAIN', amount: '25.00' }, key);
    expect(retried.body.value).toMatchObject({ status: 'done', main: '65.00', vendor: '35.00' });
    await wallets.resendPending(Date.now() + RESEND_AFTER_MS + 1000);
    expect((await listed(member)).main).toBe('65.00');
    expect((await move(member, { from: 'SBO', to: 'MAIN', amount: '26.00' }, key)).body.code).toBe(
      'DUPLICATE_TRANSACTION',
    );
    expect((await reconcile(test)).ok).toBe(true);
  });
});
