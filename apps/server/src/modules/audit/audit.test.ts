import { describe, expect, it } from 'vitest';
import { call, TEST_CAPTCHA, useTestPortal } from '../../test/harness.ts';

const context = useTestPortal();

async function createPlayer(account: string) {
  const created = await call(context.portal.app, {
    method: 'POST',
    url: '/admin/api/members',
    headers: context.admin,
    payload: { account, password: 'Secret123', type: 0 },
  });
  expect(created.status).toBe(200);
}

function login(account: string, password: string, remoteAddress: string, captcha?: { id: string; text: string }) {
  return call(context.portal.app, {
    method: 'POST',
    url: '/wps/session/login',
    remoteAddress,
    headers: captcha ? { 'x-captcha-id': captcha.id } : {},
    payload: { type: 'username', username: account, password, ...(captcha ? { captcha: captcha.text } : {}) },
  });
}

describe('operator view of sign-ins', () => {
  it('lists sign-ins and failures in the audit log, newest first, filtered by actor and action prefix', async () => {
    await createPlayer('auditone');
    expect((await login('auditone', 'wrong-pass1', '10.1.0.1')).status).toBe(401);
    expect((await login('auditone', 'Secret123', '10.1.0.1')).status).toBe(200);

    const { status, body } = await call(context.portal.app, {
      method: 'GET',
      url: '/admin/api/audit?actor=member:auditone&action=member.login',
      headers: context.admin,
    });
    expect(status).toBe(200);
    expect(body.value.map((e: { action: string }) => e.action)).toEqual(['member.login', 'member.login.failed']);
    expect(body.value[0].ip).toBe('10.1.0.1');

    const anonymous = await call(context.portal.app, { method: 'GET', url: '/admin/api/audit' });
    expect(anonymous.status).toBe(401);
  });

  it('lets an operator lift a lock, after which the right password works at once', async () => {
    await createPlayer('audittwo');
    // Each try from a new address, so only the account's counter locks.
    for (let i = 0; i < 10; i++) {
      const captcha = await call(context.portal.app, { method: 'GET', url: '/wps/captcha' });
      await login('audittwo', `wrong-${i}`, `10.2.0.${i + 1}`, {
        id: String(captcha.headers['x-captcha-id']),
        text: TEST_CAPTCHA,
      });
    }
    const locked = await login('audittwo', 'Secret123', '10.2.1.1');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');

    const unlock = await call(context.portal.app, {
      method: 'POST',
      url: '/admin/api/members/audittwo/unlock',
      headers: context.admin,
    });
    expect(unlock.status).toBe(200);
    expect((await login('audittwo', 'Secret123', '10.2.1.2')).status).toBe(200);
  });
});
