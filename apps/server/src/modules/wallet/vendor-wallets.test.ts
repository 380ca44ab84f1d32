import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import { adjust, reconcile, type WalletMember, walletMember } from '../../test/wallet.ts';

const test = useTestPortal();

function move(member: WalletMember, payload: Record<string, unknown>, key = randomUUID()) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { ...member.headers, ...EN, 'idempotency-key': key },
    payload,
  });
}

async function wallets(member: WalletMember) {
  const { body } = await call(test.portal.app, {
    method: 'GET',
    url: '/wps/relay/GCS_merchantWallet',
    headers: member.headers,
  });
  return body.value as { main: string; wallets: { vassalage: string; balance: string }[] };
}

describe('wallets at vendors in transfer mode', () => {
  it('lists the transfer-mode vendors and moves money in and out, once per key', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '500.00');
    const before = await wallets(member);
    expect(before.main).toBe('500.00');
    expect(before.wallets.map((w) => w.vassalage)).toEqual(['SABA', 'SBO']);
    expect(before.wallets.every((w) => w.balance === '0.00')).toBe(true);

    const key = randomUUID();
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
      main: '300.00',
      vendor: '200.00',
    });
    const back = await move(member, { from: 'SBO', to: 'MAIN', amount: '50.00' });
    expect(back.body.value).toMatchObject({ main: '350.00', vendor: '150.00' });
    const after = await wallets(member);
    expect(after.wallets.find((w) => w.vassalage === 'SBO')?.balance).toBe('150.00');
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('refuses seamless vendors, wallet-to-same-wallet moves and more than the source holds', async () => {
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
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('Insufficient balance');
    expect((await wallets(member)).main).toBe('100.00');
  });
});
