import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import {
  auditActions,
  bearer,
  createByOperator,
  EN,
  login,
  nextIp,
  nextName,
  registered,
  setFlags,
} from '../../test/members.ts';
import { ADDRESS_CAPTCHA_AFTER_FAILURES, ADDRESS_LOCK_AFTER_FAILURES } from './login-guard.ts';

const test = useTestPortal();

/** A browser's device id, as the portal_device cookie carries it. */
const device = () => randomBytes(16).toString('base64url');

describe('failed logins', () => {
  it('demand a captcha after 3 of 30 wrong passwords, lock after 10, and say the same for an unknown name', async () => {
    const member = await registered(test.portal.app);
    const unknown = nextName('ghost');
    const run = async (username: string) => {
      const ip = nextIp();
      const answers: { status: number; body: unknown }[] = [];
      let captcha = false;
      for (let attempt = 1; attempt <= 30; attempt++) {
        const { status, body } = await login(test.portal.app, username, `Wrong${attempt}x`, { ip, captcha });
        answers.push({ status, body });
        // A browser shows the captcha as soon as the server demands it.
        if (body.value?.captchaRequired) captcha = true;
      }
      return answers;
    };
    const existing = await run(member.username);
    const missing = await run(unknown);

    // Same statuses, codes and texts whether or not the account exists: nothing tells them apart.
    expect(missing).toEqual(existing);
    const failed = {
      status: 401,
      body: { success: false, code: 'LOGIN_FAILED', message: 'Login failure. Please try again.' },
    };
    expect(existing.slice(0, 2)).toEqual(
      [0, 1].map(() => ({ ...failed, body: { ...failed.body, value: { captchaRequired: false } } })),
    );
    for (const answer of existing.slice(2, 10)) {
      expect(answer).toEqual({ ...failed, body: { ...failed.body, value: { captchaRequired: true } } });
    }
    for (const answer of existing.slice(10)) {
      expect(answer).toEqual({
        status: 429,
        body: {
          success: false,
          code: 'ACCOUNT_LOCKED',
          message: 'Too many failed attempts. Please try again after 15 minutes.',
        },
      });
    }
    const text = JSON.stringify(existing);
    expect(text).not.toContain(member.username);
    expect(text).not.toMatch(/exist|unknown|not found/i);

    // The account stays locked for the right password, from any address.
    const right = await login(test.portal.app, member.username, member.password, { ip: nextIp(), captcha: true });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('ACCOUNT_LOCKED');

    const actions = await auditActions(test, `member:${member.username}`);
    expect(actions.filter((a) => a === 'member.login.failed')).toHaveLength(9);
    expect(actions.filter((a) => a === 'member.login.locked')).toHaveLength(1);
    // The only sign-in is the one of the registration.
    expect(actions.filter((a) => a === 'member.login')).toHaveLength(1);
  });

  it('do not hold up the players behind one carrier address for each other’s typos', async () => {
    const ip = nextIp();
    const member = await registered(test.portal.app);
    // Twelve players behind the same address, each on their own phone, mistype their passwords.
    for (let player = 0; player < 12; player++) {
      const { status, body } = await login(test.portal.app, nextName('typo'), 'Wrong1234', { ip, device: device() });
      expect(body).toMatchObject({ code: 'LOGIN_FAILED', value: { captchaRequired: false } });
      expect(status).toBe(401);
    }
    const next = await login(test.portal.app, member.username, member.password, { ip, device: device() });
    expect(next.status).toBe(200);
    expect(next.body.value.status).toBe('OK');
  });

  it('lock a device after ten failures across names, and only that device', async () => {
    const member = await registered(test.portal.app);
    const ip = nextIp();
    const phone = device();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { status, body } = await login(test.portal.app, nextName('spray'), 'Wrong1234', {
        ip,
        device: phone,
        captcha: attempt > 3,
      });
      expect(status, `attempt ${attempt}`).toBe(401);
      expect(body.value.captchaRequired, `attempt ${attempt}`).toBe(attempt >= 3);
    }
    const fromLocked = await login(test.portal.app, member.username, member.password, {
      ip,
      device: phone,
      captcha: true,
    });
    expect(fromLocked.status).toBe(429);
    expect(fromLocked.body.code).toBe('ACCOUNT_LOCKED');
    const otherPhone = await login(test.portal.app, member.username, member.password, { ip, device: device() });
    expect(otherPhone.status).toBe(200);
  });

  it('lock an address only at a high ceiling, against spraying without cookies', async () => {
    const member = await registered(test.portal.app);
    const ip = nextIp();
    for (let attempt = 1; attempt <= ADDRESS_LOCK_AFTER_FAILURES; attempt++) {
      const { status, body } = await login(test.portal.app, nextName('spray'), 'Wrong1234', {
        ip,
        captcha: attempt > ADDRESS_CAPTCHA_AFTER_FAILURES,
      });
      expect(status, `attempt ${attempt}`).toBe(401);
      expect(body.value.captchaRequired, `attempt ${attempt}`).toBe(attempt >= ADDRESS_CAPTCHA_AFTER_FAILURES);
    }
    const fromLocked = await login(test.portal.app, member.username, member.password, { ip, captcha: true });
    expect(fromLocked.body.code).toBe('ACCOUNT_LOCKED');
    const elsewhere = await login(test.portal.app, member.username, member.password, { ip: nextIp() });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
  });

  it('give a browser a long-lived device id at its first sign-in', async () => {
    const member = await registered(test.portal.app);
    const first = await test.portal.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: nextIp(),
      payload: { type: 'username', username: member.username, password: member.password },
    });
    const cookie = ([] as string[])
      .concat(first.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('portal_device='));
    expect(cookie).toMatch(/^portal_device=[A-Za-z0-9_-]{22};/);
    expect(cookie).toMatch(/Max-Age=34560000/);
    expect(cookie).toMatch(/HttpOnly/);
    const again = await login(test.portal.app, member.username, member.password, {
      ip: nextIp(),
      device: String(cookie?.split(/[=;]/)[1]),
    });
    expect(([] as string[]).concat(again.headers['set-cookie'] ?? []).some((c) => c.startsWith('portal_device='))).toBe(
      false,
    );
  });

  it('refuse a demanded captcha that is missing or wrong, even with the right password', async () => {
    const member = await registered(test.portal.app);
    const ip = nextIp();
    for (let attempt = 0; attempt < 3; attempt++) await login(test.portal.app, member.username, 'Wrong1234', { ip });
    const missing = await login(test.portal.app, member.username, member.password, { ip });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: 'Please enter the captcha',
      value: { captchaRequired: true },
    });
    const wrong = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login',
      remoteAddress: ip,
      headers: EN,
      payload: { type: 'username', username: member.username, password: member.password, captcha: 'ZZZZ' },
    });
    expect(wrong.body).toMatchObject({ code: 'CAPTCHA_INVALID', value: { captchaRequired: true } });
    const right = await login(test.portal.app, member.username, member.password, { ip, captcha: true });
    expect(right.status).toBe(200);
    expect(right.body.value.status).toBe('OK');
  });

  it('record in the audit log a lock reached by attempts without the demanded captcha', async () => {
    const member = await registered(test.portal.app);
    const ip = nextIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const { status, body } = await login(test.portal.app, member.username, 'Wrong1234', { ip });
      expect(body.code, `attempt ${attempt}`).toBe(attempt <= 3 ? 'LOGIN_FAILED' : 'CAPTCHA_REQUIRED');
      expect(status).toBe(401);
    }
    const locked = await login(test.portal.app, member.username, member.password, { ip: nextIp(), captcha: true });
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    const actions = await auditActions(test, `member:${member.username}`);
    expect(actions.filter((a) => a === 'member.login.failed')).toHaveLength(9);
    expect(actions.filter((a) => a === 'member.login.locked')).toHaveLength(1);
  });

  it('answer an unknown name, a wrong password and an empty password alike, in either language', async () => {
    for (const language of ['en', 'bn']) {
      // Two tries per name, below the captcha demand, which would differ from a name tried once.
      const member = await registered(test.portal.app);
      const answers = [];
      for (const [username, password] of [
        [member.username, 'Wrong1234'],
        [nextName('ghost'), 'Wrong1234'],
        [member.username.toUpperCase(), ''],
      ]) {
        const response = await call(test.portal.app, {
          method: 'POST',
          url: '/wps/session/login',
          remoteAddress: nextIp(),
          headers: { 'accept-language': language },
          payload: { type: 'username', username, password },
        });
        answers.push({ status: response.status, body: response.body });
      }
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({
        status: 401,
        body: { code: 'LOGIN_FAILED', value: { captchaRequired: false } },
      });
    }
  });

  it('refuse malformed login bodies with a 400, opening or recording nothing', async () => {
    const db = test.portal.database.db;
    const count = async (table: 'member_sessions' | 'audit_log' | 'login_challenges') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count('member_sessions'), await count('audit_log'), await count('login_challenges')];
    for (const payload of [
      { password: 'y' },
      { type: 'username', username: 'x', password: 'y', extra: 1 },
      { type: 'email', username: 'x', password: 'y' },
      { type: 'username', username: 'x'.repeat(65), password: 'y' },
      { type: 'username', username: 'x', password: 'y'.repeat(129) },
      { type: 'username', username: 'x', password: 'y', portal: 'admin' },
    ]) {
      const { status, body } = await call(test.portal.app, {
        method: 'POST',
        url: '/wps/session/login',
        remoteAddress: nextIp(),
        payload,
      });
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.code).toBe('VALIDATION');
    }
    expect([await count('member_sessions'), await count('audit_log'), await count('login_challenges')]).toEqual(before);
  });
});

describe('successful logins', () => {
  it('record the sign-in in the audit log with the address and portal', async () => {
    const member = await registered(test.portal.app);
    const result = await login(test.portal.app, member.username, member.password, { ip: member.ip });
    expect(result.body.value).toMatchObject({ status: 'OK', account: member.username, firstTimeLogin: false });
    const rows = await test.portal.database.db
      .selectFrom('audit_log')
      .select(['action', 'ip', 'detail'])
      .where('actor', '=', `member:${member.username}`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['member.register', 'member.login', 'member.login']);
    expect(rows[2]).toMatchObject({ ip: member.ip, detail: { portal: 'member' } });
  });

  it('reset the failure count, so earlier mistakes do not add up towards a lock', async () => {
    const member = await registered(test.portal.app);
    const ip = nextIp();
    for (let round = 0; round < 4; round++) {
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await login(test.portal.app, member.username, 'Wrong1234', { ip: nextIp() })).status).toBe(401);
      }
      const ok = await login(test.portal.app, member.username, member.password, { ip });
      expect(ok.status, `round ${round}`).toBe(200);
    }
  });
});

describe('agent and member portals', () => {
  it('keeps players out of the agent portal and agents out of the member portal', async () => {
    const player = await registered(test.portal.app);
    const asAgent = await login(test.portal.app, player.username, player.password, { ip: player.ip, portal: 'agent' });
    expect(asAgent.status).toBe(403);
    expect(asAgent.body).toMatchObject({ code: 'NON_AGENT', message: 'Non-agents cannot log in' });

    const agent = await createByOperator(test, { account: nextName('agent'), type: 1, password: 'Agent1234' });
    const ip = nextIp();
    const asMember = await login(test.portal.app, agent.account, 'Agent1234', { ip });
    expect(asMember.status).toBe(403);
    expect(asMember.body).toMatchObject({ code: 'NON_MEMBER', message: 'Non-member account unable to login' });
    const agentSession = await login(test.portal.app, agent.account, 'Agent1234', { ip, portal: 'agent' });
    expect(agentSession.status).toBe(200);
    expect(agentSession.body.value).toMatchObject({ status: 'OK', type: 1, isAgent: true, firstTimeLogin: true });
    const info = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(agentSession.body.value.token),
    });
    expect(info.body.value).toMatchObject({ account: agent.account, type: 1, isAgent: true });

    // Agents who also play (41, 42) may use both doors.
    const playing = await createByOperator(test, { account: nextName('agent'), type: 41, password: 'Agent1234' });
    const door = nextIp();
    for (const portal of ['member', 'agent'] as const) {
      const result = await login(test.portal.app, playing.account, 'Agent1234', { ip: door, portal });
      expect(result.body.value, portal).toMatchObject({ status: 'OK', type: 41, isAgent: true });
    }
  });
});

describe('free play', () => {
  it('opens a trial account (type 4) that the member centre refuses with NEED_REAL_ACCOUNT', async () => {
    const ip = nextIp();
    const { status, body } = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: ip,
    });
    expect(status).toBe(200);
    expect(body.value).toMatchObject({ status: 'OK', type: 4, isAgent: false, mustChangePassword: false });
    const headers = { ...bearer(body.value.token), ...EN };
    const info = await call(test.portal.app, { method: 'GET', url: '/wps/member/info', headers });
    expect(info.body.value).toMatchObject({ type: 4 });
    for (const [method, url, payload] of [
      ['GET', '/wps/member/security', undefined],
      ['POST', '/wps/member/password', { newPassword: 'abc12345', confirmNewPassword: 'abc12345' }],
      ['POST', '/wps/member/password', { oldPassword: 'x', newPassword: 'abc12345', confirmNewPassword: 'abc12345' }],
      ['POST', '/wps/member/security/totp/setup', undefined],
      ['PUT', '/wps/member/security/totp/always', { enabled: true }],
    ] as const) {
      const answer = await call(test.portal.app, { method, url, headers, payload });
      expect(answer.status, url).toBe(403);
      expect(answer.body).toMatchObject({
        code: 'NEED_REAL_ACCOUNT',
        message: 'This needs a real account. Please register to continue.',
      });
    }
    const row = await test.portal.database.db
      .selectFrom('members')
      .select(['type', 'password_hash'])
      .where('account', '=', body.value.account)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ type: 4, password_hash: null });
    expect((await call(test.portal.app, { method: 'DELETE', url: '/wps/session/logout', headers })).status).toBe(200);
  });

  it('is refused when FREEPLAY3 is off', async () => {
    await setFlags(test, { FREEPLAY3: false });
    try {
      const { status, body } = await call(test.portal.app, {
        method: 'POST',
        url: '/wps/session/login/freeplay',
        remoteAddress: nextIp(),
      });
      expect(status).toBe(403);
      expect(body.code).toBe('FEATURE_DISABLED');
    } finally {
      await setFlags(test, { FREEPLAY3: true });
    }
  });
});

describe('rate limits', () => {
  it('answer 429 with the catalogue text once an address exceeds a limit, in the asked language', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    let last = { status: 0, body: {} as Record<string, unknown> };
    for (let i = 0; i < 31; i++) {
      last = await call(test.portal.app, {
        method: 'GET',
        url: '/wps/agent/affiliate?code=x',
        remoteAddress: ip,
        headers: EN,
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(last.status).toBe(429);
    expect(last.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again after 5 minutes.',
    });
    const bn = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/agent/affiliate?code=x',
      remoteAddress: ip,
      headers: { 'accept-language': 'bn' },
    });
    expect(bn.body.message).toBe('অনেক বেশি অনুরোধ, অনুগ্রহ করে ৫ মিনিট পরে আবার চেষ্টা করুন।');
    const other = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/agent/affiliate?code=x',
      remoteAddress: nextIp(),
    });
    expect(other.status).toBe(400);
  });

  it('limit free-play accounts to ten an hour per address', async () => {
    const ip = nextIp();
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await call(test.portal.app, { method: 'POST', url: '/wps/session/login/freeplay', remoteAddress: ip })).status,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
