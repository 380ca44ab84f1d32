import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import {
  bearer,
  EN,
  latestCode,
  login,
  memberIdOf,
  nextIp,
  nextMobile,
  nextName,
  outbox,
  registered,
  registeredWithMobile,
  sleep,
} from '../../test/members.ts';

// Locks last 1.5 s here, so the test of a lock's end can wait for it. The portal logs at 'info', as in
// production, into lines the test of the logs reads. Sessions are aged here by SQL, behind the portal's back,
// so each call reads its session again (session-recheck.test.ts tests the recheck interval).
const lines: string[] = [];
const test = useTestPortal(
  { LOGIN_LOCK_MS: '1500', LOG_LEVEL: 'info', SESSION_RECHECK_MS: '0' },
  { logStream: { write: (line) => lines.push(line) } },
);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function whoAmI(headers: Record<string, string>) {
  const { status, body } = await call(test.portal.app, { method: 'GET', url: '/wps/member/info', headers });
  return { status, account: body.value?.account as string | undefined, code: body.code as string };
}

const memberId = (account: string) => memberIdOf(test, account);

// A six-digit code can turn up by chance inside a logged number (a response time of 10.266379…), so a secret
// made of digits counts as leaked only where it stands as a number of its own.
function leaksSecret(line: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return line.includes(secret);
  return new RegExp(`(?<![\\d.])${secret}(?!\\d)`).test(line);
}

describe('session tokens', () => {
  it('are at least 128 random bits, new at every login, stored only as a hash, and sent as an httpOnly SameSite cookie', async () => {
    const member = await registered(test.portal.app);
    const logins = [];
    for (let i = 0; i < 3; i++)
      logins.push(await login(test.portal.app, member.username, member.password, { ip: member.ip }));
    const tokens = [member.token, ...logins.map((l) => l.body.value.token as string)];
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    }

    for (const result of logins) {
      const cookies = ([] as string[]).concat(result.headers['set-cookie'] ?? []);
      const session = cookies.find((c) => c.startsWith('portal_session='));
      expect(session).toBeDefined();
      expect(session).toContain(`portal_session=${result.body.value.token};`);
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*SameSite=(Lax|Strict)/i);
      expect(session).toMatch(/;\s*Path=\//i);
      // The readable hint cookie says only that a session exists.
      const hint = cookies.find((c) => c.startsWith('portal_member='));
      expect(hint).toMatch(/^portal_member=1;/);
      expect(JSON.stringify(result.body)).not.toContain(member.password);
    }

    const rows = await test.portal.database.db
      .selectFrom('member_sessions')
      .select('token_hash')
      .where('member_id', '=', await memberId(member.username))
      .execute();
    expect(rows).toHaveLength(tokens.length);
    const stored = rows.map((r) => r.token_hash);
    for (const token of tokens) {
      expect(stored).not.toContain(token);
      expect(stored.some((hash) => hash.includes(token))).toBe(false);
    }
    expect(stored.sort()).toEqual(tokens.map(sha256).sort());
  });

  it('work as a Bearer header or as the cookie, and nothing else opens the member calls', async () => {
    const member = await registered(test.portal.app);
    expect(await whoAmI(bearer(member.token))).toMatchObject({ status: 200, account: member.username });
    expect(await whoAmI({ cookie: `portal_session=${member.token}` })).toMatchObject({
      status: 200,
      account: member.username,
    });
    for (const headers of [
      {} as Record<string, string>,
      bearer(`${member.token}x`),
      bearer(sha256(member.token)),
      { cookie: `portal_member=1` },
      { cookie: `portal_session=${member.token.slice(0, -1)}` },
    ]) {
      expect(await whoAmI({ ...headers, ...EN }), JSON.stringify(headers)).toEqual({
        status: 401,
        account: undefined,
        code: 'NOT_LOGGED_IN',
      });
    }
  });
});

describe('session lifetime', () => {
  const setSession = (token: string, values: Record<string, unknown>) =>
    test.portal.database.db
      .updateTable('member_sessions')
      .set(values)
      .where('token_hash', '=', sha256(token))
      .execute();

  it('ends after an hour without use, and each use restarts that hour', async () => {
    const member = await registered(test.portal.app);
    await setSession(member.token, { last_seen_at: sql`now() - interval '59 minutes'` });
    expect((await whoAmI(bearer(member.token))).status).toBe(200);
    // That call touched the session: it is fresh again.
    const row = await test.portal.database.db
      .selectFrom('member_sessions')
      .select(sql<boolean>`last_seen_at > now() - interval '1 minute'`.as('fresh'))
      .where('token_hash', '=', sha256(member.token))
      .executeTakeFirstOrThrow();
    expect(row.fresh).toBe(true);

    await setSession(member.token, { last_seen_at: sql`now() - interval '61 minutes'` });
    expect(await whoAmI(bearer(member.token))).toMatchObject({ status: 401, code: 'NOT_LOGGED_IN' });
    // An idle session does not come back by being tried again.
    expect((await whoAmI(bearer(member.token))).status).toBe(401);
  });

  it('ends at its absolute expiry even while in use', async () => {
    const member = await registered(test.portal.app);
    const expires = await test.portal.database.db
      .selectFrom('member_sessions')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('seconds'))
      .where('token_hash', '=', sha256(member.token))
      .executeTakeFirstOrThrow();
    expect(Number(expires.seconds)).toBeCloseTo(24 * 3600, -1);
    await setSession(member.token, { expires_at: sql`now() - interval '1 second'`, last_seen_at: sql`now()` });
    expect(await whoAmI(bearer(member.token))).toMatchObject({ status: 401, code: 'NOT_LOGGED_IN' });
  });

  it('ends for every session of a disabled member, who can no longer sign in', async () => {
    const member = await registered(test.portal.app);
    await test.portal.database.db
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('account', '=', member.username)
      .execute();
    expect((await whoAmI(bearer(member.token))).status).toBe(401);
    const result = await login(test.portal.app, member.username, member.password, { ip: member.ip });
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ code: 'ACCOUNT_DISABLED', message: 'Please contact your agent' });
  });

  it('is read for each call, also when many calls arrive together and share one read', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => registered(test.portal.app)));
    const [ended] = members;
    if (!ended) throw new Error('no member');
    await test.portal.database.db.deleteFrom('member_sessions').where('token_hash', '=', sha256(ended.token)).execute();
    const calls = members.flatMap((member) => Array.from({ length: 8 }, () => member));
    const answers = await Promise.all(calls.map((member) => whoAmI(bearer(member.token))));
    answers.forEach((answer, i) => {
      const member = calls[i];
      if (member === ended) expect(answer.status).toBe(401);
      else expect(answer).toMatchObject({ status: 200, account: member?.username });
    });
  });
});

describe('logout', () => {
  it('revokes this session only, clears the cookies and is audited', async () => {
    const member = await registered(test.portal.app);
    const other = await login(test.portal.app, member.username, member.password, { ip: member.ip });
    const response = await test.portal.app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: bearer(member.token),
      remoteAddress: member.ip,
    });
    expect(response.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('portal_session='))).toMatch(/^portal_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await whoAmI(bearer(member.token))).status).toBe(401);
    expect((await whoAmI(bearer(other.body.value.token))).status).toBe(200);
    const again = await call(test.portal.app, {
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: bearer(member.token),
    });
    expect(again.status).toBe(401);
    const rows = await test.portal.database.db
      .selectFrom('member_sessions')
      .select('token_hash')
      .where('token_hash', '=', sha256(member.token))
      .execute();
    expect(rows).toEqual([]);
    const audit = await test.portal.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor', '=', `member:${member.username}`)
      .where('action', '=', 'member.logout')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

// The two groups below mostly wait (for a lock to end, for the SMS throttle), so they run side by side.
describe.concurrent('the end of a lock', () => {
  it('lets the right password in again once the lock has expired, with no captcha', async () => {
    const member = await registered(test.portal.app);
    const ip = nextIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { status } = await login(test.portal.app, member.username, 'Wrong1234', { ip, captcha: attempt > 3 });
      expect(status).toBe(401);
    }
    const locked = await login(test.portal.app, member.username, member.password, { ip, captcha: true });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    await sleep(1700);
    const open = await login(test.portal.app, member.username, member.password, { ip });
    expect(open.status).toBe(200);
    expect(open.body.value.status).toBe('OK');
  });
});

describe.concurrent('logs', () => {
  it('never hold a password, session token, code or reset token of a whole account journey', async () => {
    const secrets: string[] = [];
    const keep = <T extends string>(secret: T) => {
      secrets.push(secret);
      return secret;
    };
    const app = test.portal.app;
    const mobileNum = nextMobile();
    const email = `${nextName('log')}@example.com`;
    const member = await registeredWithMobile(test, {
      password: keep('Journey1pass'),
      confirmPassword: 'Journey1pass',
      mobileNum,
      email,
    });
    keep(member.token);

    const wrong = await login(app, member.username, keep('Wrong9secret'), { ip: member.ip });
    expect(wrong.status).toBe(401);
    const signedIn = await login(app, member.username, 'Journey1pass', { ip: member.ip });
    const token = keep(signedIn.body.value.token as string);

    const changed = await call(app, {
      method: 'POST',
      url: '/wps/member/password',
      headers: bearer(token),
      payload: { oldPassword: 'Journey1pass', newPassword: keep('Journey2pass'), confirmNewPassword: 'Journey2pass' },
    });
    expect(changed.status).toBe(200);
    const setup = await call(app, { method: 'POST', url: '/wps/member/security/totp/setup', headers: bearer(token) });
    keep(setup.body.value.secret as string);

    // Forgot by e-mail, opening the link as a browser does: the token travels in the address.
    const mailed = await call(app, {
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: member.username, email }).toString(),
    });
    expect(mailed.status).toBe(200);
    const [mail] = await outbox(test, email);
    const link = mail?.body.match(/http:\/\/localhost:3000(\/forget\?resetToken=([A-Za-z0-9_-]+))/);
    expect(link).not.toBeNull();
    const resetToken = keep(link?.[2] as string);
    await app.inject({ method: 'GET', url: link?.[1] as string, headers: { accept: 'text/html' } });
    const reset = await call(app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      payload: { token: resetToken, newPassword: keep('Journey3pass'), confirmNewPassword: 'Journey3pass' },
    });
    expect(reset.status).toBe(200);

    // Forgot by mobile, then a login by SMS code (from the known address: no second factor).
    const ip = member.ip;
    await call(app, {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      remoteAddress: ip,
      payload: { mobileNum, countryDialingCode: '880', purpose: 'forget' },
    });
    const code = keep(await latestCode(test, `880${mobileNum}`));
    const byMobile = await call(app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      remoteAddress: ip,
      payload: { mobileNum, countryDialingCode: '880', verificationCode: code, newPassword: keep('Journey4pass') },
    });
    expect(byMobile.status).toBe(200);
    await sleep(1050);
    await call(app, {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      remoteAddress: ip,
      payload: { mobileNum, countryDialingCode: '880', purpose: 'login' },
    });
    const loginCode = keep(await latestCode(test, `880${mobileNum}`));
    const bySms = await call(app, {
      method: 'POST',
      url: '/wps/session/login',
      headers: EN,
      remoteAddress: ip,
      payload: { type: 'sms', username: mobileNum, countryDialingCode: '880', verificationCode: loginCode },
    });
    const smsToken = keep(bySms.body.value.token as string);
    await call(app, { method: 'GET', url: '/wps/member/info', headers: { cookie: `portal_session=${smsToken}` } });
    await call(app, { method: 'DELETE', url: '/wps/session/logout', headers: bearer(smsToken) });
    // A request that fails validation, with a password in it.
    await call(app, {
      method: 'POST',
      url: '/wps/session/login',
      payload: { type: 'username', username: member.username, password: keep('Invalid7pass'), unknown: 1 },
    });

    const entries = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    const urls = entries.map((e) => e.req?.url).filter(Boolean);
    expect(urls).toContain('/wps/session/login');
    expect(urls).toContain('/wps/member/password/reset');
    expect(urls.some((url) => url?.startsWith('/forget?resetToken='))).toBe(true);
    for (const secret of secrets) {
      const leaks = lines.filter((line) => leaksSecret(line, secret));
      expect(leaks, `log lines with ${secret.slice(0, 6)}…`).toEqual([]);
    }
  });
});
