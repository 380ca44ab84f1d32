import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import {
  auditActions,
  bearer,
  createByOperator,
  EN,
  latestCode,
  login,
  nextIp,
  nextMobile,
  nextName,
  outbox,
  register,
  registered,
  registeredWithMobile,
  setFlags,
  sleep,
  updateSetting,
} from '../../test/members.ts';

const test = useTestPortal();
// Most groups here wait for the one-second SMS throttle; they run concurrently so the waits overlap. Each test has
// its own members, numbers and addresses; the ones that switch features off run alone at the end.

async function changePassword(token: string, payload: Record<string, unknown>) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/member/password',
    headers: { ...bearer(token), ...EN },
    // The call allows ten a minute per address; the tests here make more than that.
    remoteAddress: nextIp(),
    payload,
  });
}

async function status(token: string, url = '/wps/member/info') {
  const { status, body } = await call(test.portal.app, { method: 'GET', url, headers: { ...bearer(token), ...EN } });
  return { status, code: body.code as string, value: body.value };
}

async function sendSms(mobileNum: string, purpose: 'login' | 'forget', ip = nextIp()) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/verification/sms/noLogin',
    headers: EN,
    remoteAddress: ip,
    payload: { mobileNum, countryDialingCode: '880', purpose },
  });
}

describe.concurrent('changing the password', () => {
  it('checks the old password and the new one, then ends every other session but this one', async () => {
    const member = await registered(test.portal.app, { password: 'First1234', confirmPassword: 'First1234' });
    const second = await login(test.portal.app, member.username, member.password, { ip: member.ip });
    const third = await login(test.portal.app, member.username, member.password, { ip: member.ip });

    const refusals: [Record<string, unknown>, string, string?][] = [
      [{ newPassword: 'Second1234', confirmNewPassword: 'Second1234' }, 'OLD_PASSWORD_WRONG', 'oldPassword'],
      [{ oldPassword: 'Wrong1234', newPassword: 'Second1234', confirmNewPassword: 'Second1234' }, 'OLD_PASSWORD_WRONG'],
      [{ oldPassword: 'First1234', newPassword: 'ab1', confirmNewPassword: 'ab1' }, 'FIELD_INVALID', 'newPassword'],
      [{ oldPassword: 'First1234', newPassword: 'lettersonly', confirmNewPassword: 'lettersonly' }, 'FIELD_INVALID'],
      [
        { oldPassword: 'First1234', newPassword: 'Second1234', confirmNewPassword: 'Second12345' },
        'CONFIRMATION_MISMATCH',
      ],
      [{ oldPassword: 'First1234', newPassword: 'First1234', confirmNewPassword: 'First1234' }, 'SAME_PASSWORD'],
    ];
    for (const [payload, code, field] of refusals) {
      const { status: httpStatus, body } = await changePassword(member.token, payload);
      expect(httpStatus, JSON.stringify(payload)).toBe(400);
      expect(body.code, JSON.stringify(payload)).toBe(code);
      if (field) expect(body.value).toEqual({ field });
    }
    const unknownField = await changePassword(member.token, {
      oldPassword: 'First1234',
      newPassword: 'Second1234',
      confirmNewPassword: 'Second1234',
      account: 'someone',
    });
    expect(unknownField.status).toBe(400);
    // Nothing changed so far: every session works and the first password still signs in.
    for (const token of [member.token, second.body.value.token, third.body.value.token]) {
      expect((await status(token)).status).toBe(200);
    }

    const changed = await changePassword(member.token, {
      oldPassword: 'First1234',
      newPassword: 'Second1234',
      confirmNewPassword: 'Second1234',
    });
    expect(changed.status).toBe(200);
    expect((await status(member.token)).status).toBe(200);
    expect((await status(second.body.value.token)).code).toBe('NOT_LOGGED_IN');
    expect((await status(third.body.value.token)).code).toBe('NOT_LOGGED_IN');
    expect((await login(test.portal.app, member.username, 'First1234', { ip: member.ip })).body.code).toBe(
      'LOGIN_FAILED',
    );
    expect((await login(test.portal.app, member.username, 'Second1234', { ip: member.ip })).body.value.status).toBe(
      'OK',
    );
    const row = await test.portal.database.db
      .selectFrom('members')
      .select('password_hash')
      .where('account', '=', member.username)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await auditActions(test, `member:${member.username}`)).toContain('member.password.changed');
  });

  it('needs a session', async () => {
    const { status: httpStatus, body } = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password',
      payload: { newPassword: 'abc12345', confirmNewPassword: 'abc12345' },
    });
    expect(httpStatus).toBe(401);
    expect(body.code).toBe('NOT_LOGGED_IN');
  });
});

describe.concurrent('forced password change', () => {
  it('holds an operator-made account with 123456 at the change form until it sets its own password', async () => {
    const account = nextName('forced');
    await createByOperator(test, { account, password: '123456' });
    const ip = nextIp();
    const first = await login(test.portal.app, account, '123456', { ip });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ status: 'OK', mustChangePassword: true, firstTimeLogin: true });
    const token = first.body.value.token as string;

    const info = await status(token);
    expect(info.status).toBe(200);
    expect(info.value.mustChangePassword).toBe(true);
    expect(await status(token, '/wps/member/security')).toMatchObject({
      status: 403,
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
    const setup = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/security/totp/setup',
      headers: bearer(token),
    });
    expect(setup.status).toBe(403);
    expect(setup.body.code).toBe('PASSWORD_CHANGE_REQUIRED');

    // The member just typed the password, so the old one is not asked again; the new one follows the rule.
    expect((await changePassword(token, { newPassword: '654321', confirmNewPassword: '654321' })).body.code).toBe(
      'FIELD_INVALID',
    );
    const changed = await changePassword(token, { newPassword: 'Mine12345', confirmNewPassword: 'Mine12345' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await status(token, '/wps/member/security')).status).toBe(200);
    expect((await status(token)).value.mustChangePassword).toBe(false);

    expect((await login(test.portal.app, account, '123456', { ip })).body.code).toBe('LOGIN_FAILED');
    const again = await login(test.portal.app, account, 'Mine12345', { ip });
    expect(again.body.value).toMatchObject({ status: 'OK', mustChangePassword: false, firstTimeLogin: false });
  });

  it('does not let a forced session skip the old password once the change is done', async () => {
    const account = nextName('forced');
    await createByOperator(test, { account, password: '123456' });
    const ip = nextIp();
    const token = (await login(test.portal.app, account, '123456', { ip })).body.value.token;
    expect((await changePassword(token, { newPassword: 'Mine12345', confirmNewPassword: 'Mine12345' })).status).toBe(
      200,
    );
    const second = await changePassword(token, { newPassword: 'Other12345', confirmNewPassword: 'Other12345' });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('OLD_PASSWORD_WRONG');
  });
});

describe.concurrent('forgot password by mobile', () => {
  it('sends a code, sets the new password with it once, and ends the old sessions', async () => {
    const mobileNum = nextMobile();
    const member = await registeredWithMobile(test, { mobileNum });
    const sent = await sendSms(mobileNum, 'forget');
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const [message] = await outbox(test, `880${mobileNum}`);
    expect(message).toMatchObject({ channel: 'sms' });
    expect(message?.body).toMatch(/Your verification code is \d{6}\. It expires in 5 minutes\./);
    const code = await latestCode(test, `880${mobileNum}`);
    // The outbox holds codes: operators only.
    for (const headers of [{}, bearer(member.token)]) {
      const peek = await call(test.portal.app, { method: 'GET', url: '/admin/api/outbox', headers });
      expect(peek.status).toBe(401);
    }

    const reset = (verificationCode: string, newPassword = 'Reset12345') =>
      call(test.portal.app, {
        method: 'POST',
        url: '/wps/member/password/verification',
        headers: EN,
        remoteAddress: nextIp(),
        payload: { mobileNum, countryDialingCode: '880', verificationCode, newPassword },
      });
    const wrong = await reset(code === '000000' ? '000001' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', message: 'Verification code is not valid' });
    expect((await reset(code, 'weak')).body.code).toBe('FIELD_INVALID');
    const done = await reset(code);
    expect(done.status).toBe(200);
    expect(done.body.value).toEqual({ account: member.username });
    expect((await reset(code, 'Again12345')).body.code).toBe('VERIFICATION_CODE_INVALID');

    expect((await status(member.token)).code).toBe('NOT_LOGGED_IN');
    expect((await login(test.portal.app, member.username, member.password, { ip: member.ip })).body.code).toBe(
      'LOGIN_FAILED',
    );
    const signIn = await login(test.portal.app, member.username, 'Reset12345', { ip: member.ip });
    expect(signIn.body.value.status).toBe('OK');
    expect(await auditActions(test, `member:${member.username}`)).toContain('member.password.reset.mobile');
  });

  it('refuses a code after five wrong guesses, and once it has expired', async () => {
    const mobileNum = nextMobile();
    const member = await registeredWithMobile(test, { mobileNum });
    const reset = (verificationCode: string) =>
      call(test.portal.app, {
        method: 'POST',
        url: '/wps/member/password/verification',
        headers: EN,
        remoteAddress: nextIp(),
        payload: { mobileNum, countryDialingCode: '880', verificationCode, newPassword: 'Reset12345' },
      });
    expect((await sendSms(mobileNum, 'forget')).status).toBe(200);
    const code = await latestCode(test, `880${mobileNum}`);
    const wrongCode = code === '000000' ? '000001' : '000000';
    for (let guess = 0; guess < 5; guess++)
      expect((await reset(wrongCode)).body.code).toBe('VERIFICATION_CODE_INVALID');
    expect((await reset(code)).body.code).toBe('VERIFICATION_CODE_INVALID');

    await sleep(1050);
    expect((await sendSms(mobileNum, 'forget')).status).toBe(200);
    const fresh = await latestCode(test, `880${mobileNum}`);
    await test.portal.database.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('target', '=', `880${mobileNum}`)
      .where('consumed_at', 'is', null)
      .execute();
    const expired = await reset(fresh);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
      message: 'Verification code has expired, please send again.',
    });
    // The password never changed.
    expect((await login(test.portal.app, member.username, member.password, { ip: member.ip })).body.value.status).toBe(
      'OK',
    );
  });

  it('answers a number without an account alike and sends it nothing', async () => {
    const mobileNum = nextMobile();
    const sent = await sendSms(mobileNum, 'forget');
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    expect(await outbox(test, `880${mobileNum}`)).toEqual([]);
    const reset = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      remoteAddress: nextIp(),
      payload: { mobileNum, countryDialingCode: '880', verificationCode: '123456', newPassword: 'Reset12345' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.code).toBe('VERIFICATION_CODE_INVALID');
  });
});

describe.concurrent('forgot password by e-mail', () => {
  const requestLink = (username: string, email: string, ip = nextIp()) =>
    call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { ...EN, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: ip,
      payload: new URLSearchParams({ username, email }).toString(),
    });
  const resetWith = (token: string, newPassword: string) =>
    call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      headers: EN,
      remoteAddress: nextIp(),
      payload: { token, newPassword, confirmNewPassword: newPassword },
    });
  const linkToken = async (email: string) => {
    const [message] = await outbox(test, email);
    const match = message?.body.match(/http:\/\/localhost:3000\/forget\?resetToken=([A-Za-z0-9_-]+)/);
    if (!match?.[1]) throw new Error(`no reset link for ${email}`);
    return match[1];
  };

  it('mails a link that sets a new password once', async () => {
    const email = `${nextName('mail')}@example.com`;
    const member = await registered(test.portal.app, { email });
    const sent = await requestLink(member.username.toUpperCase(), email.toUpperCase());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [message] = await outbox(test, email);
    expect(message).toMatchObject({ channel: 'email', subject: 'Reset your password' });
    const token = await linkToken(email);
    expect(token.length).toBeGreaterThanOrEqual(43);

    expect((await resetWith(token, 'weak')).body.code).toBe('FIELD_INVALID');
    const mismatch = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password/reset',
      remoteAddress: nextIp(),
      payload: { token, newPassword: 'Linked12345', confirmNewPassword: 'Linked123456' },
    });
    expect(mismatch.body.code).toBe('CONFIRMATION_MISMATCH');
    const done = await resetWith(token, 'Linked12345');
    expect(done.status).toBe(200);
    expect(done.body.value).toEqual({ account: member.username });
    const reused = await resetWith(token, 'Linked67890');
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: 'This reset link is not valid or has expired',
    });

    expect((await status(member.token)).code).toBe('NOT_LOGGED_IN');
    expect((await login(test.portal.app, member.username, member.password, { ip: member.ip })).body.code).toBe(
      'LOGIN_FAILED',
    );
    expect((await login(test.portal.app, member.username, 'Linked12345', { ip: member.ip })).body.value.status).toBe(
      'OK',
    );
    const actions = await auditActions(test, `member:${member.username}`);
    expect(actions).toEqual(expect.arrayContaining(['member.password.reset.mail', 'member.password.reset.link']));
  });

  it('lets only the newest link work', async () => {
    const email = `${nextName('mail')}@example.com`;
    const member = await registered(test.portal.app, { email });
    expect((await requestLink(member.username, email)).status).toBe(200);
    const older = await linkToken(email);
    await sleep(1100);
    expect((await requestLink(member.username, email)).status).toBe(200);
    const newer = await linkToken(email);
    expect(newer).not.toBe(older);
    expect((await resetWith(older, 'Older12345')).body.code).toBe('RESET_LINK_INVALID');
    expect((await resetWith(newer, 'Newer12345')).status).toBe(200);
  });

  it('answers 404 USER_EMAIL_NOT_FOUND for a name and address that do not belong together, sending nothing', async () => {
    const email = `${nextName('mail')}@example.com`;
    const member = await registered(test.portal.app, { email });
    const other = await registered(test.portal.app);
    for (const [username, address] of [
      [member.username, `x${email}`],
      [other.username, email],
      [nextName('ghost'), email],
    ]) {
      const { status: httpStatus, body } = await requestLink(username as string, address as string);
      expect(httpStatus).toBe(404);
      expect(body).toMatchObject({ code: 'USER_EMAIL_NOT_FOUND', message: 'Username/Email does not exist' });
    }
    expect(await outbox(test, email)).toEqual([]);
    expect((await resetWith('x'.repeat(43), 'Guess12345')).body.code).toBe('RESET_LINK_INVALID');
  });
});

describe.concurrent('SMS codes', () => {
  it('go out at most once a second per number, and five sends lock the number for five minutes', async () => {
    const mobileNum = nextMobile();
    // Opened by the operator, so no verification code has gone to the number yet.
    await createByOperator(test, { account: nextName('sms'), password: 'Secret123', mobileNum });
    const ip = nextIp();
    const answers: number[] = [];
    const first = await sendSms(mobileNum, 'login', ip);
    answers.push(first.status);
    const tooSoon = await sendSms(mobileNum, 'login', ip);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again after 5 minutes.',
    });
    for (let send = 2; send <= 6; send++) {
      await sleep(1050);
      answers.push((await sendSms(mobileNum, 'login', ip)).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    await sleep(1050);
    expect((await sendSms(mobileNum, 'login', nextIp())).status).toBe(429);
    expect(await outbox(test, `880${mobileNum}`)).toHaveLength(5);
  });

  it('sign a member in by mobile number and code (MOBILEVERCODELOGIN3), each code once', async () => {
    const mobileNum = nextMobile();
    const member = await registeredWithMobile(test, { mobileNum });
    const smsLogin = (verificationCode?: string, ip = nextIp()) =>
      call(test.portal.app, {
        method: 'POST',
        url: '/wps/session/login',
        headers: EN,
        remoteAddress: ip,
        payload: { type: 'sms', username: mobileNum, countryDialingCode: '880', verificationCode },
      });
    // A code sent for a password reset does not sign in.
    expect((await sendSms(mobileNum, 'forget')).status).toBe(200);
    expect((await smsLogin(await latestCode(test, `880${mobileNum}`))).body.code).toBe('LOGIN_FAILED');
    await sleep(1050);
    expect((await sendSms(mobileNum, 'login')).status).toBe(200);
    const code = await latestCode(test, `880${mobileNum}`);
    const missing = await smsLogin(undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VERIFICATION_CODE_MISSING');
    expect((await smsLogin(code === '000000' ? '000001' : '000000')).body.code).toBe('LOGIN_FAILED');
    const ok = await smsLogin(code);
    expect(ok.status).toBe(200);
    expect(ok.body.value).toMatchObject({ status: 'OK', account: member.username, mustChangePassword: false });
    expect((await status(ok.body.value.token)).value.account).toBe(member.username);
    expect((await smsLogin(code)).body.code).toBe('LOGIN_FAILED');
  });
});

// The tests below change switches and settings the ones above rely on, so they run alone, after them.

describe('password expiry', () => {
  it('reports an expired password, and forces a change only with PWDEXPFORCECHANGE3', async () => {
    const member = await registered(test.portal.app);
    const age = (days: number) =>
      test.portal.database.db
        .updateTable('members')
        .set({ password_changed_at: sql`now() - make_interval(days => ${days})` })
        .where('account', '=', member.username)
        .execute();
    const signIn = (password = member.password) => login(test.portal.app, member.username, password, { ip: member.ip });

    await age(89);
    expect((await signIn()).body.value).toMatchObject({ passwordExpired: false, mustChangePassword: false });
    await age(91);
    const expired = await signIn();
    expect(expired.body.value).toMatchObject({ status: 'OK', passwordExpired: true, mustChangePassword: false });
    expect((await status(expired.body.value.token, '/wps/member/security')).status).toBe(200);

    await updateSetting<{ passwordMaxAgeDays: number }>(test, 'registration', (value) => {
      value.passwordMaxAgeDays = 0;
    });
    expect((await signIn()).body.value.passwordExpired).toBe(false);
    await updateSetting<{ passwordMaxAgeDays: number }>(test, 'registration', (value) => {
      value.passwordMaxAgeDays = 30;
    });
    await age(31);
    await setFlags(test, { PWDEXPFORCECHANGE3: true });
    try {
      const forced = await signIn();
      expect(forced.body.value).toMatchObject({ status: 'OK', passwordExpired: true, mustChangePassword: true });
      const token = forced.body.value.token as string;
      expect(await status(token, '/wps/member/security')).toMatchObject({
        status: 403,
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
      const changed = await changePassword(token, { newPassword: 'Fresh12345', confirmNewPassword: 'Fresh12345' });
      expect(changed.status).toBe(200);
      expect((await status(token, '/wps/member/security')).status).toBe(200);
      const after = await signIn('Fresh12345');
      expect(after.body.value).toMatchObject({ passwordExpired: false, mustChangePassword: false });
    } finally {
      await setFlags(test, { PWDEXPFORCECHANGE3: false });
      await updateSetting<{ passwordMaxAgeDays: number }>(test, 'registration', (value) => {
        value.passwordMaxAgeDays = 90;
      });
    }
  });
});

describe('an account without a password', () => {
  it('sets its first password without an old one (registered by mobile without MOBILENUMPASSREG3)', async () => {
    await setFlags(test, { REGMOBVERF3: false, MOBILENUMPASSREG3: false });
    const mobileNum = nextMobile();
    const ip = nextIp();
    const made = await register(
      test.portal.app,
      { mobileNum, password: undefined, confirmPassword: undefined },
      { mobile: true, ip },
    ).finally(() => setFlags(test, { REGMOBVERF3: true, MOBILENUMPASSREG3: true }));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const token: string = made.body.value.token;
    expect((await login(test.portal.app, mobileNum, '', { ip })).body.code).toBe('LOGIN_FAILED');
    const set = await changePassword(token, { newPassword: 'First12345', confirmNewPassword: 'First12345' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await login(test.portal.app, mobileNum, 'First12345', { ip })).body.value.status).toBe('OK');
    // From then on the old password is asked as for anyone.
    const next = await changePassword(token, { newPassword: 'Second12345', confirmNewPassword: 'Second12345' });
    expect(next.body.code).toBe('OLD_PASSWORD_WRONG');
  });
});

describe('switched off', () => {
  it('is refused when CHNGPASSVERIF3 is off', async () => {
    await setFlags(test, { CHNGPASSVERIF3: false });
    try {
      const sent = await sendSms(nextMobile(), 'forget');
      expect(sent.status).toBe(403);
      expect(sent.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await setFlags(test, { CHNGPASSVERIF3: true });
    }
  });

  it('refuses SMS-code sign-in when MOBILEVERCODELOGIN3 is off', async () => {
    const mobileNum = nextMobile();
    await registeredWithMobile(test, { mobileNum });
    await setFlags(test, { MOBILEVERCODELOGIN3: false });
    try {
      expect((await sendSms(mobileNum, 'login')).status).toBe(403);
      const off = await call(test.portal.app, {
        method: 'POST',
        url: '/wps/session/login',
        headers: EN,
        remoteAddress: nextIp(),
        payload: { type: 'sms', username: mobileNum, countryDialingCode: '880', verificationCode: '123456' },
      });
      expect(off.status).toBe(403);
      expect(off.body.code).toBe('FEATURE_DISABLED');
    } finally {
      await setFlags(test, { MOBILEVERCODELOGIN3: true });
    }
  });
});
