import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../common/passwords.ts';
import { call, startTestPortal, TEST_ADMIN, type TestPortal } from '../../test/harness.ts';
import { nextIp } from '../../test/members.ts';
import { lockAfter } from './service.ts';

let portal: TestPortal;

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(() => portal.close());

/** An operator besides the first, with its password (and any other columns, such as an enrolled app). */
async function addOperator(
  username: string,
  password: string,
  extra: { totp_secret?: string; totp_enabled?: boolean } = {},
) {
  await portal.database.db
    .insertInto('admin_users')
    .values({ username, password_hash: await hashPassword(password), ...extra })
    .execute();
}

/** An operator sign-in from an address of its own (the per-address limit is not what these tests are about). */
function signInAs(username: string, fields: { password: string; code?: string }) {
  return call(portal.app, {
    method: 'POST',
    url: '/admin/api/session',
    payload: { username, ...fields },
    headers: { 'accept-language': 'en' },
    remoteAddress: nextIp(),
  });
}

describe('operator sign-in', () => {
  it('stores only an argon2id hash of the password and a SHA-256 of the session token', async () => {
    const row = await portal.database.db.selectFrom('admin_users').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const login = await call(portal.app, { method: 'POST', url: '/admin/api/session', payload: TEST_ADMIN });
    expect(login.status).toBe(200);
    const token: string = login.body.value.token;
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(String(login.headers['set-cookie'])).toMatch(/portal_admin=.*HttpOnly.*SameSite=Strict/i);
    const sessions = await portal.database.db.selectFrom('admin_sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(token);
  });

  it('answers a wrong password and an unknown name alike, and records the failure', async () => {
    const wrong = await call(portal.app, {
      method: 'POST',
      url: '/admin/api/session',
      payload: { username: TEST_ADMIN.username, password: 'nope' },
      headers: { 'accept-language': 'en' },
    });
    const unknown = await call(portal.app, {
      method: 'POST',
      url: '/admin/api/session',
      payload: { username: 'ghost', password: 'nope' },
      headers: { 'accept-language': 'en' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('Login failure. Please try again.');
    const failures = await portal.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'admin.login.failed')
      .execute();
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('revokes the session on logout', async () => {
    const headers = await portal.adminHeaders();
    expect((await call(portal.app, { method: 'GET', url: '/admin/api/flags', headers })).status).toBe(200);
    expect((await call(portal.app, { method: 'DELETE', url: '/admin/api/session', headers })).status).toBe(200);
    expect((await call(portal.app, { method: 'GET', url: '/admin/api/flags', headers })).status).toBe(401);
  });

  it('locks an operator name after five wrong passwords from any addresses, longer each time, and audits it', async () => {
    const operator = { username: 'nightshift', password: 'a long and correct passphrase' };
    await addOperator(operator.username, operator.password);
    const signIn = (password: string) => signInAs(operator.username, { password });
    // A success clears the count: four wrong, the right one, four wrong again is no lock.
    for (let i = 0; i < 4; i++) expect((await signIn(`wrong ${i}`)).status).toBe(401);
    expect((await signIn(operator.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(`wrong ${i}`)).status).toBe(401);
    expect((await signIn(operator.password)).status).toBe(200);

    for (let i = 0; i < 5; i++) expect((await signIn(`wrong ${i}`)).status).toBe(401);
    const locked = await signIn(operator.password);
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed attempts. Please try again after 1 minutes.',
    });
    const audited = await portal.database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('actor', '=', `admin:${operator.username}`)
      .where('action', '=', 'admin.login.locked')
      .execute();
    expect(audited).toEqual([{ action: 'admin.login.locked', detail: { minutes: 1 } }]);
    expect([4, 5, 6, 7, 10, 11, 30].map((failures) => lockAfter(failures) / 60_000)).toEqual([0, 1, 2, 4, 32, 60, 60]);
  });

  it('asks an operator who enrolled an authenticator app for its code at every sign-in, each code once', async () => {
    const operator = { username: 'keyholder', password: 'another long and correct passphrase' };
    await addOperator(operator.username, operator.password);
    const signIn = (extra: { code?: string } = {}) =>
      signInAs(operator.username, { password: operator.password, ...extra });
    const headers = { authorization: `Bearer ${(await signIn()).body.value.token}`, 'accept-language': 'en' };
    const setup = await call(portal.app, { method: 'POST', url: '/admin/api/totp/setup', headers });
    expect(setup.body.value.otpauthUrl).toContain('keyholder');
    const secret: string = setup.body.value.secret;
    // Not asked before a code from the new secret confirms it.
    expect((await signIn()).status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const [previous, current, next] = await Promise.all(
      [-30, 0, 30].map((offset) => generate({ secret, epoch: now + offset })),
    );
    const switchTo = (state: string, code: string) =>
      call(portal.app, { method: 'POST', url: `/admin/api/totp/${state}`, headers, payload: { code } });
    expect((await switchTo('enable', current as string)).body.value).toEqual({ enabled: true });

    const without = await signIn();
    expect(without.status).toBe(401);
    expect(without.body).toMatchObject({ code: 'TOTP_REQUIRED' });
    let wrong = 0;
    while ([previous, current, next].includes(String(wrong).padStart(6, '0'))) wrong += 1;
    expect((await signIn({ code: String(wrong).padStart(6, '0') })).body.code).toBe('VERIFICATION_CODE_INVALID');
    expect((await signIn({ code: next as string })).status).toBe(200);
    // The same code again is refused: it was used.
    expect((await signIn({ code: next as string })).body.code).toBe('VERIFICATION_CODE_INVALID');
    const audited = await portal.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor', '=', `admin:${operator.username}`)
      .where('action', '=', 'admin.totp.enabled')
      .execute();
    expect(audited).toHaveLength(1);
  });

  it("changes an operator's password with the old one; the operator's other sessions end, this one stays", async () => {
    const operator = { username: 'dayshift', password: 'first long passphrase' };
    await addOperator(operator.username, operator.password);
    const signIn = (password: string) => signInAs(operator.username, { password });
    const bearer = async () => ({
      authorization: `Bearer ${(await signIn(operator.password)).body.value.token}`,
      'accept-language': 'en',
    });
    const [here, elsewhere] = [await bearer(), await bearer()];
    const change = (payload: Record<string, unknown>) =>
      call(portal.app, { method: 'PUT', url: '/admin/api/password', headers: here, payload });
    const hashBefore = await portal.database.db
      .selectFrom('admin_users')
      .select('password_hash')
      .where('username', '=', operator.username)
      .executeTakeFirstOrThrow();

    const wrongOld = await change({ oldPassword: 'not it at all', newPassword: 'second long passphrase' });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toMatchObject({ code: 'OLD_PASSWORD_WRONG', message: 'The old password is not correct' });
    expect((await change({ oldPassword: operator.password, newPassword: 'short' })).status).toBe(400);
    expect((await change({ oldPassword: operator.password, newPassword: operator.password })).body.code).toBe(
      'SAME_PASSWORD',
    );
    const unchanged = await portal.database.db
      .selectFrom('admin_users')
      .select('password_hash')
      .where('username', '=', operator.username)
      .executeTakeFirstOrThrow();
    expect(unchanged).toEqual(hashBefore);
    expect((await call(portal.app, { method: 'GET', url: '/admin/api/flags', headers: elsewhere })).status).toBe(200);

    const changed = await change({ oldPassword: operator.password, newPassword: 'second long passphrase' });
    expect(changed.status).toBe(200);
    expect(changed.body.value).toEqual({ endedSessions: 1 });
    expect((await call(portal.app, { method: 'GET', url: '/admin/api/flags', headers: here })).status).toBe(200);
    expect((await call(portal.app, { method: 'GET', url: '/admin/api/flags', headers: elsewhere })).status).toBe(401);
    expect((await signIn(operator.password)).status).toBe(401);
    expect((await signIn('second long passphrase')).status).toBe(200);
    const audited = await portal.database.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('actor', '=', `admin:${operator.username}`)
      .where('action', '=', 'admin.password.changed')
      .execute();
    expect(audited).toEqual([{ action: 'admin.password.changed', detail: { endedSessions: 1 } }]);
  });

  it("resets a forgotten operator password on the server: every session ends, the lock lifts, the app's code can go", async () => {
    const operator = { username: 'lostkeys', password: 'forgotten passphrase' };
    await addOperator(operator.username, operator.password, { totp_secret: 'JBSWY3DPEHPK3PXP', totp_enabled: true });
    const signIn = (password: string) => signInAs(operator.username, { password });
    for (let i = 0; i < 5; i++) expect((await signIn(`wrong ${i}`)).status).toBe(401);
    expect((await signIn(operator.password)).status).toBe(423);
    const admin = await portal.database.db
      .selectFrom('admin_users')
      .select('id')
      .where('username', '=', operator.username)
      .executeTakeFirstOrThrow();
    await portal.database.db
      .insertInto('admin_sessions')
      .values({ token_hash: 'a'.repeat(64), admin_id: admin.id, expires_at: new Date(Date.now() + 3_600_000) })
      .execute();

    const admins = portal.app.services.admins;
    expect(await admins.resetPassword('nobody-here', 'whatever long enough')).toBeNull();
    expect(await admins.resetPassword(operator.username, 'a brand new passphrase', { clearTotp: true })).toEqual({
      endedSessions: 1,
    });
    expect((await signIn('a brand new passphrase')).status).toBe(200);
    const audited = await portal.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'admin.password.reset')
      .execute();
    expect(audited).toContainEqual({
      detail: { operator: operator.username, endedSessions: 1, totpCleared: true },
    });
  });

  it('limits login attempts per address with a clear 429', async () => {
    const fresh = await import('../../test/harness.ts').then((h) => h.startTestPortal());
    try {
      let last = 0;
      let body: { code?: string; message?: string } = {};
      for (let i = 0; i < 11; i++) {
        const r = await call(fresh.app, {
          method: 'POST',
          url: '/admin/api/session',
          payload: { username: 'x', password: 'y' },
          headers: { 'accept-language': 'en' },
        });
        last = r.status;
        body = r.body;
      }
      expect(last).toBe(429);
      expect(body).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Too many requests, please try again after 5 minutes.',
      });
    } finally {
      await fresh.close();
    }
  });
});
