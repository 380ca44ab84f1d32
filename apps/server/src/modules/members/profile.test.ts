import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, createByOperator, EN, login, nextIp, nextName, registered } from '../../test/members.ts';

const test = useTestPortal();

const PROFILE_URLS = ['/wps/member/info', '/wps/member/info/icon', '/wps/relay/MCSFE_getPlayerAvatar'];
const ICON_URLS = PROFILE_URLS.slice(1);

async function get(url: string, headers: Record<string, string> = {}) {
  return call(test.portal.app, { method: 'GET', url, headers: { ...EN, ...headers } });
}

describe('the member profile', () => {
  it('is refused without a session', async () => {
    for (const url of PROFILE_URLS) {
      const { status, body } = await get(url);
      expect(status, url).toBe(401);
      expect(body.code, url).toBe('NOT_LOGGED_IN');
    }
  });

  it('shows the signed-in member and the icon stored for them, under both icon paths', async () => {
    const member = await registered(test.portal.app);
    const headers = bearer(member.token);
    const info = await get('/wps/member/info', headers);
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({ account: member.username, type: 0, mustChangePassword: false });
    for (const url of ICON_URLS) {
      expect((await get(url, headers)).body.value, url).toEqual({ icon: '/avatars/1.svg' });
    }
    await test.portal.database.db
      .updateTable('members')
      .set({ icon: '/avatars/7.svg' })
      .where('account', '=', member.username)
      .execute();
    for (const url of ICON_URLS) {
      expect((await get(url, headers)).body.value, url).toEqual({ icon: '/avatars/7.svg' });
    }
  });

  it('is open to trial accounts and to sessions that must change their password first', async () => {
    const trial = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextIp(),
    });
    expect(trial.status).toBe(200);
    const account = nextName('prof');
    await createByOperator(test, { account });
    const pending = await login(test.portal.app, account, '123456', { ip: nextIp() });
    expect(pending.body.value).toMatchObject({ status: 'OK', mustChangePassword: true });

    for (const token of [trial.body.value.token, pending.body.value.token]) {
      for (const url of PROFILE_URLS) expect((await get(url, bearer(token))).status, url).toBe(200);
    }
    expect((await get('/wps/member/info', bearer(pending.body.value.token))).body.value).toMatchObject({
      account,
      mustChangePassword: true,
    });
    // The password and security calls stay closed to such a session.
    expect((await get('/wps/member/security', bearer(pending.body.value.token))).body.code).toBe(
      'PASSWORD_CHANGE_REQUIRED',
    );
  });
});

describe('lifting a login lock', () => {
  it('is an operator call', async () => {
    const member = await registered(test.portal.app);
    for (const headers of [{}, bearer(member.token)]) {
      const { status, body } = await call(test.portal.app, {
        method: 'POST',
        url: `/admin/api/members/${member.username}/unlock`,
        headers,
      });
      expect(status).toBe(401);
      expect(body.code).toBe('NOT_LOGGED_IN');
    }
  });
});
