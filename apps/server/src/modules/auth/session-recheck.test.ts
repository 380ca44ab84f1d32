import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, login, registered, sleep } from '../../test/members.ts';

// A node trusts a session it read for SESSION_RECHECK_MS; changes made through the portal apply at once.
const test = useTestPortal({ SESSION_RECHECK_MS: '400' });

async function whoAmI(token: string) {
  return (await call(test.portal.app, { method: 'GET', url: '/wps/member/info', headers: bearer(token) })).status;
}

describe('sessions read again only after the recheck interval', () => {
  it('still end at once on logout, for the session just used', async () => {
    const member = await registered(test.portal.app);
    const other = await login(test.portal.app, member.username, member.password, { ip: member.ip });
    expect(await whoAmI(member.token)).toBe(200);
    expect(await whoAmI(other.body.value.token)).toBe(200);
    const logout = await test.portal.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: bearer(member.token),
      remoteAddress: member.ip,
    });
    expect(logout.statusCode).toBe(200);
    expect(await whoAmI(member.token)).toBe(401);
    expect(await whoAmI(other.body.value.token)).toBe(200);
  });

  it('see a member disabled behind the portal’s back once the interval has passed', async () => {
    const member = await registered(test.portal.app);
    expect(await whoAmI(member.token)).toBe(200);
    await test.portal.database.db
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('account', '=', member.username)
      .execute();
    await sleep(500);
    expect(await whoAmI(member.token)).toBe(401);
  });
});
