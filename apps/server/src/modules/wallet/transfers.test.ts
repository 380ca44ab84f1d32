import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, createByOperator, EN, nextName } from '../../test/members.ts';
import { adjust, balanceOf, PAYMENT_PASSWORD, reconcile, type WalletMember, walletMember } from '../../test/wallet.ts';

const test = useTestPortal();

/** An agent (opened by the operator) with a payment password, signed in. */
async function agent() {
  const account = nextName('agent');
  await createByOperator(test, { account, type: 1, password: 'Agent1234x' });
  const login = await call(test.portal.app, {
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: account, password: 'Agent1234x', type: 'username', portal: 'agent' },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const headers = bearer(login.body.value.token);
  await call(test.portal.app, {
    method: 'POST',
    url: '/wps/member/password/payment',
    headers,
    payload: {
      loginPassword: 'Agent1234x',
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    },
  });
  return { username: account, headers };
}

function transfer(from: { headers: Record<string, string> }, to: string, amount: string, key = randomUUID()) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/wallet/transfers',
    headers: { ...from.headers, ...EN, 'idempotency-key': key },
    payload: { to, amount, paymentPassword: PAYMENT_PASSWORD },
  });
}

async function downlineOf(upline: string): Promise<WalletMember> {
  const member = await walletMember(test);
  await test.portal.database.db
    .updateTable('members')
    .set({ upline_id: (eb) => eb.selectFrom('members').select('id').where('account', '=', upline) })
    .where('account', '=', member.username)
    .execute();
  return member;
}

describe('transfers along the agent tree', () => {
  it('lets an agent pay a direct downline and the downline pay back its upline', async () => {
    const boss = await agent();
    const player = await downlineOf(boss.username);
    await adjust(test, boss.username, '1000.00');

    const parties = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/wallet/transfer/parties',
      headers: boss.headers,
    });
    expect(parties.body.value.downlines.list.map((p: { account: string }) => p.account)).toContain(player.username);
    const mine = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/wallet/transfer/parties',
      headers: player.headers,
    });
    expect(mine.body.value).toMatchObject({ upline: { account: boss.username }, downlines: { total: 0 } });

    const down = await transfer(boss, player.username, '250.00');
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.value).toMatchObject({ to: player.username, amount: '250.00', balance: '750.00' });
    const up = await transfer(player, boss.username, '50.00');
    expect(up.body.value.balance).toBe('200.00');
    expect((await balanceOf(test, boss)).cash).toBe('800.00');
  });

  it('refuses transfers off the tree: to a stranger, to a downline of a downline, or from a player downwards', async () => {
    const boss = await agent();
    const subAgentPlayer = await downlineOf(boss.username);
    const grandchild = await downlineOf(subAgentPlayer.username);
    const stranger = await walletMember(test);
    await adjust(test, boss.username, '100.00');
    await adjust(test, subAgentPlayer.username, '100.00');
    for (const [from, to] of [
      [boss, stranger.username],
      [boss, grandchild.username],
      [subAgentPlayer, grandchild.username],
    ] as const) {
      const refused = await transfer(from, to, '10.00');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('You can only transfer to your upline or to your direct downline');
    }
    expect((await balanceOf(test, boss)).cash).toBe('100.00');
  });

  it('moves money once for a retried transfer, and never below zero when many race', async () => {
    const boss = await agent();
    const player = await downlineOf(boss.username);
    await adjust(test, boss.username, '100.00');
    const key = randomUUID();
    const retries = await Promise.all(Array.from({ length: 50 }, () => transfer(boss, player.username, '10.00', key)));
    expect(retries.every((r) => r.status === 200)).toBe(true);
    expect((await balanceOf(test, player)).cash).toBe('10.00');
    const reused = await transfer(boss, player.username, '11.00', key);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('DUPLICATE_TRANSACTION');

    const race = await Promise.all(Array.from({ length: 30 }, () => transfer(boss, player.username, '5.00')));
    const ok = race.filter((r) => r.status === 200).length;
    expect(ok).toBe(18);
    expect(race.filter((r) => r.status === 409).every((r) => r.body.code === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect((await balanceOf(test, boss)).cash).toBe('0.00');
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('refuses a repeat transfer once the tree, the payee or the payment password has changed since the last one', async () => {
    const boss = await agent();
    const player = await downlineOf(boss.username);
    const elsewhere = await agent();
    await adjust(test, boss.username, '100.00');
    // The first two succeed; the second runs with the password remembered and the payee known to the process.
    for (let i = 0; i < 2; i++) expect((await transfer(boss, player.username, '1.00')).status).toBe(200);
    const setMember = (values: Record<string, unknown>) =>
      test.portal.database.db.updateTable('members').set(values).where('account', '=', player.username).execute();
    const uplineOf = (account: string) =>
      test.portal.database.db.selectFrom('members').select('id').where('account', '=', account);

    await setMember({ upline_id: uplineOf(elsewhere.username) });
    expect((await transfer(boss, player.username, '1.00')).body.code).toBe('TRANSFER_NOT_ALLOWED');
    await setMember({ upline_id: uplineOf(boss.username), status: 'disabled' });
    expect((await transfer(boss, player.username, '1.00')).body.code).toBe('TRANSFER_NOT_ALLOWED');
    await setMember({ status: 'active' });
    expect((await transfer(boss, player.username, '1.00')).status).toBe(200);

    const changed = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password/payment',
      headers: boss.headers,
      payload: { loginPassword: 'Agent1234x', newPaymentPassword: '135790', confirmPaymentPassword: '135790' },
    });
    expect(changed.status).toBe(200);
    const oldPassword = await transfer(boss, player.username, '1.00');
    expect(oldPassword.body.code).toBe('PAYMENT_PASSWORD_WRONG');
    expect((await balanceOf(test, boss)).cash).toBe('97.00');
    expect((await reconcile(test)).ok).toBe(true);
  });
});
