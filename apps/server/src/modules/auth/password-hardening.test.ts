import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, EN, login, nextIp, nextName, outbox, registered, registeredWithMobile } from '../../test/members.ts';

const test = useTestPortal();

function post(url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(test.portal.app, {
    method: 'POST',
    url,
    headers: { ...EN, ...headers },
    remoteAddress: nextIp(),
    payload,
  });
}

describe('password changes', () => {
  it('keep an e-mailed link usable when the new password is refused as the old one', async () => {
    const account = nextName('link');
    const email = `${account}@example.com`;
    await registered(test.portal.app, {
      username: account,
      email,
      password: 'Keep12345',
      confirmPassword: 'Keep12345',
    });
    const asked = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { ...EN, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: nextIp(),
      payload: new URLSearchParams({ username: account, email }).toString(),
    });
    expect(asked.status).toBe(200);
    const [mail] = await outbox(test, email);
    const token = /resetToken=([\w-]+)/.exec(mail?.body ?? '')?.[1] as string;

    const same = { token, newPassword: 'Keep12345', confirmNewPassword: 'Keep12345' };
    expect((await post('/wps/member/password/reset', same)).body.code).toBe('SAME_PASSWORD');
    const changed = await post('/wps/member/password/reset', {
      ...same,
      newPassword: 'Fresh12345',
      confirmNewPassword: 'Fresh12345',
    });
    expect(changed.status).toBe(200);
    expect(
      (
        await post('/wps/member/password/reset', {
          ...same,
          newPassword: 'Other12345',
          confirmNewPassword: 'Other12345',
        })
      ).body.code,
    ).toBe('RESET_LINK_INVALID');
  });

  it('drop logins that were waiting for a second factor', async () => {
    const mobileNum = String(1_900_000_000 + Math.floor(Math.random() * 99_999_999));
    const member = await registeredWithMobile(test, { mobileNum, password: 'Wait12345', confirmPassword: 'Wait12345' });
    const away = nextIp();
    const pending = await login(test.portal.app, member.username, 'Wait12345', { ip: away });
    expect(pending.body.value.status).toBe('SECOND_FACTOR');

    const change = await post(
      '/wps/member/password',
      { oldPassword: 'Wait12345', newPassword: 'Moved12345', confirmNewPassword: 'Moved12345' },
      bearer(member.token),
    );
    expect(change.status).toBe(200);
    const send = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/second-factor/send',
      headers: EN,
      remoteAddress: away,
      payload: { challengeId: pending.body.value.challengeId, method: 'sms' },
    });
    expect(send.status).toBe(401);
    expect(send.body.code).toBe('CHALLENGE_EXPIRED');
  });
});
