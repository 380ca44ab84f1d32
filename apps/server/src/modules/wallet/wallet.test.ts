import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, nextIp, registered } from '../../test/members.ts';
import { Ledger } from './ledger.ts';

const test = useTestPortal();

function balance(token: string) {
  return call(test.portal.app, { method: 'GET', url: '/wps/v2/wallets/balance', headers: bearer(token) });
}

describe('wallet balance', () => {
  it('gives a free-play account its demo balance, in a currency no real account holds', async () => {
    const freePlay = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextIp(),
    });
    expect(freePlay.status).toBe(200);
    const { status, body } = await balance(freePlay.body.value.token);
    expect(status).toBe(200);
    expect(body.value).toEqual({ sumBalance: '2000.00', currency: 'DEMO', demo: true });
  });

  it('shows a new member a real balance of 0.00, and asks visitors to log in', async () => {
    const member = await registered(test.portal.app);
    expect((await balance(member.token)).body.value).toEqual({ sumBalance: '0.00', currency: 'BDT', demo: false });
    const visitor = await call(test.portal.app, { method: 'GET', url: '/wps/v2/wallets/balance' });
    expect(visitor.status).toBe(401);
  });

  it('never lets demo money move into a real account', async () => {
    const freePlay = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextIp(),
    });
    const trial = await test.portal.database.db
      .selectFrom('members')
      .select('id')
      .where('account', '=', freePlay.body.value.account)
      .executeTakeFirstOrThrow();
    const real = await registered(test.portal.app);
    const realId = await test.portal.database.db
      .selectFrom('members')
      .select('id')
      .where('account', '=', real.username)
      .executeTakeFirstOrThrow();
    const ledger = new Ledger(test.portal.database.db);
    const demoAccount = await ledger.memberAccount(trial.id, 'demo', 'DEMO');
    const cash = await ledger.memberAccount(realId.id, 'member_cash');
    await expect(
      ledger.post({
        type: 'transfer',
        reference: 'demo-to-real',
        lines: [
          { accountId: demoAccount, amountMinor: -100n },
          { accountId: cash, amountMinor: 100n },
        ],
      }),
    ).rejects.toThrow(/mixes currencies/);
    expect(await ledger.balance(demoAccount)).toBe(200_000n);
    expect(await ledger.balance(cash)).toBe(0n);
  });
});
