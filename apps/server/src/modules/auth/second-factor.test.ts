import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { generate } from 'otplib';
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
  registered,
  registeredWithMobile,
} from '../../test/members.ts';

const test = useTestPortal();
const PASSWORD = 'Play12345';

/** An operator-made player with every second factor but the app, signed in once from `home`. */
async function playerWithFactors() {
  const account = nextName('tfa');
  const mobileNum = nextMobile();
  const email = `${account}@example.com`;
  await createByOperator(test, { account, password: PASSWORD, mobileNum, email, payeeName: 'Rahim Uddin' });
  const home = nextIp();
  const first = await login(test.portal.app, account, PASSWORD, { ip: home });
  expect(first.body.value.status).toBe('OK');
  return { account, mobileNum, email, home, token: first.body.value.token as string };
}

function complete(challengeId: string, method: string, code: string, ip: string) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/session/login/second-factor',
    headers: EN,
    remoteAddress: ip,
    payload: { challengeId, method, code },
  });
}

function sendCode(challengeId: string, method: 'sms' | 'email', ip: string) {
  return call(test.portal.app, {
    method: 'POST',
    url: '/wps/session/login/second-factor/send',
    headers: EN,
    remoteAddress: ip,
    payload: { challengeId, method },
  });
}

/** TOTP codes of the previous, current and next 30-second steps (the server accepts one step either side). */
async function totpCodes(secret: string) {
  const now = Math.floor(Date.now() / 1000);
  const [previous, current, next] = await Promise.all(
    [-30, 0, 30].map((offset) => generate({ secret, epoch: now + offset })),
  );
  const valid = [previous, current, next] as string[];
  let wrong = 0;
  while (valid.includes(String(wrong).padStart(6, '0'))) wrong += 1;
  return { current: current as string, next: next as string, wrong: String(wrong).padStart(6, '0') };
}

async function security(token: string) {
  const { status, body } = await call(test.portal.app, {
    method: 'GET',
    url: '/wps/member/security',
    headers: bearer(token),
  });
  expect(status).toBe(200);
  return body.value;
}

async function enableTotp(token: string) {
  const setup = await call(test.portal.app, {
    method: 'POST',
    url: '/wps/member/security/totp/setup',
    headers: bearer(token),
  });
  expect(setup.status).toBe(200);
  const secret = setup.body.value.secret as string;
  const codes = await totpCodes(secret);
  const enabled = await call(test.portal.app, {
    method: 'POST',
    url: '/wps/member/security/totp/enable',
    headers: bearer(token),
    payload: { code: codes.current },
  });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  return { secret, setup: setup.body.value, usedCode: codes.current };
}

describe('a sign-in from a new address', () => {
  it('needs no second factor for a member who has none', async () => {
    const member = await registered(test.portal.app);
    const elsewhere = await login(test.portal.app, member.username, member.password, { ip: nextIp() });
    expect(elsewhere.body.value.status).toBe('OK');
  });

  it('asks for a factor the member has, masked, and passes with the SMS code from the outbox', async () => {
    const player = await playerWithFactors();
    const away = nextIp();
    const answer = await login(test.portal.app, player.account, PASSWORD, { ip: away });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toEqual({
      status: 'SECOND_FACTOR',
      challengeId: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      methods: ['sms', 'email', 'bankName'],
      // The local way the member dials it (017…), its middle hidden.
      maskedMobile: `0${player.mobileNum.slice(0, 2)}*****${player.mobileNum.slice(-3)}`,
      maskedEmail: `${player.account[0]}***@example.com`,
      reason: 'NEW_IP',
    });
    // No session before the second factor: the only cookie is the browser's device id.
    expect(String(answer.headers['set-cookie'] ?? '')).not.toMatch(/portal_session|portal_member/);
    expect(JSON.stringify(answer.body)).not.toContain(player.mobileNum);
    const { challengeId } = answer.body.value;

    const sent = await sendCode(challengeId, 'sms', away);
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const code = await latestCode(test, `880${player.mobileNum}`);
    const done = await complete(challengeId, 'sms', code, away);
    expect(done.status).toBe(200);
    expect(done.body.value).toMatchObject({ status: 'OK', account: player.account });
    expect(String(done.headers['set-cookie'])).toMatch(/portal_session=[^;]+;.*HttpOnly/i);
    const info = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(done.body.value.token),
    });
    expect(info.body.value.account).toBe(player.account);

    // The address is known now.
    expect((await login(test.portal.app, player.account, PASSWORD, { ip: away })).body.value.status).toBe('OK');
    const actions = await auditActions(test, `member:${player.account}`);
    expect(actions).toEqual(expect.arrayContaining(['member.login', 'member.2fa.challenge', 'member.2fa.passed']));
    const security = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/member/security',
      headers: bearer(player.token),
    });
    expect(security.body.value.recentLogins.map((r: { ip: string }) => r.ip)).toEqual(
      expect.arrayContaining([player.home, away]),
    );
  });

  it('passes with the e-mailed code', async () => {
    const player = await playerWithFactors();
    const away = nextIp();
    const { challengeId } = (await login(test.portal.app, player.account, PASSWORD, { ip: away })).body.value;
    expect((await sendCode(challengeId, 'email', away)).status).toBe(200);
    const [mail] = await outbox(test, player.email);
    expect(mail).toMatchObject({ channel: 'email', subject: 'Your login code' });
    const done = await complete(challengeId, 'email', await latestCode(test, player.email), away);
    expect(done.body.value.status).toBe('OK');
  });

  it('passes with the bank account name, whatever its case and spacing', async () => {
    const player = await playerWithFactors();
    const away = nextIp();
    const { challengeId } = (await login(test.portal.app, player.account, PASSWORD, { ip: away })).body.value;
    const wrong = await complete(challengeId, 'bankName', 'Karim Uddin', away);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('VERIFICATION_CODE_INVALID');
    const done = await complete(challengeId, 'bankName', '  rahim   UDDIN ', away);
    expect(done.body.value.status).toBe('OK');
    expect(await auditActions(test, `member:${player.account}`)).toContain('member.2fa.failed');
  });

  it('is used once, only from the address that started it, and only with an offered method', async () => {
    const player = await playerWithFactors();
    const away = nextIp();
    const { challengeId } = (await login(test.portal.app, player.account, PASSWORD, { ip: away })).body.value;

    const elsewhere = await complete(challengeId, 'bankName', 'Rahim Uddin', nextIp());
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.code).toBe('CHALLENGE_EXPIRED');
    const notOffered = await complete(challengeId, 'totp', '123456', away);
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.code).toBe('FACTOR_UNAVAILABLE');
    expect((await sendCode(challengeId, 'sms', nextIp())).body.code).toBe('CHALLENGE_EXPIRED');

    const [first, second] = await Promise.all([
      complete(challengeId, 'bankName', 'Rahim Uddin', away),
      complete(challengeId, 'bankName', 'Rahim Uddin', away),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 401]);
    const again = await complete(challengeId, 'bankName', 'Rahim Uddin', away);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({
      code: 'CHALLENGE_EXPIRED',
      message: 'The verification has expired, please log in again',
    });
    const unknown = await complete('x'.repeat(43), 'bankName', 'Rahim Uddin', away);
    expect(unknown.body.code).toBe('CHALLENGE_EXPIRED');
  });

  it("sends second-factor codes within the destination's limits, whichever challenge asks", async () => {
    const player = await playerWithFactors();
    const challenges = [];
    for (let i = 0; i < 2; i++) {
      const away = nextIp();
      const started = await login(test.portal.app, player.account, PASSWORD, { ip: away });
      challenges.push({ id: started.body.value.challengeId as string, ip: away });
    }
    const [first, second] = challenges as [{ id: string; ip: string }, { id: string; ip: string }];
    expect((await sendCode(first.id, 'sms', first.ip)).status).toBe(200);
    // The same phone within the second: refused, though it is another challenge.
    const again = await sendCode(second.id, 'sms', second.ip);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('RATE_LIMITED');
    expect(await outbox(test, `880${player.mobileNum}`)).toHaveLength(1);
    // E-mail is another destination.
    expect((await sendCode(second.id, 'email', second.ip)).status).toBe(200);
  });

  it('lives ten minutes', async () => {
    const player = await playerWithFactors();
    const away = nextIp();
    const { challengeId } = (await login(test.portal.app, player.account, PASSWORD, { ip: away })).body.value;
    const db = test.portal.database.db;
    const idHash = createHash('sha256').update(challengeId).digest('hex');
    const row = await db
      .selectFrom('login_challenges')
      .select(sql<number>`extract(epoch from expires_at - created_at)`.as('lifetime'))
      .where('id_hash', '=', idHash)
      .executeTakeFirstOrThrow();
    expect(Number(row.lifetime)).toBeCloseTo(600, -1);
    await db
      .updateTable('login_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id_hash', '=', idHash)
      .execute();
    const late = await complete(challengeId, 'bankName', 'Rahim Uddin', away);
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('CHALLENGE_EXPIRED');
  });

  it('survives four wrong answers and ends at the fifth, even for the right one after', async () => {
    const player = await playerWithFactors();
    const away = nextIp();
    const { challengeId } = (await login(test.portal.app, player.account, PASSWORD, { ip: away })).body.value;
    expect((await sendCode(challengeId, 'sms', away)).status).toBe(200);
    const code = await latestCode(test, `880${player.mobileNum}`);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push((await complete(challengeId, 'sms', wrongCode, away)).body.code);
    expect(answers).toEqual([...Array(4).fill('VERIFICATION_CODE_INVALID'), 'CHALLENGE_EXPIRED']);
    expect((await complete(challengeId, 'sms', code, away)).body.code).toBe('CHALLENGE_EXPIRED');
    const failures = (await auditActions(test, `member:${player.account}`)).filter((a) => a === 'member.2fa.failed');
    expect(failures).toHaveLength(5);
  });

  it('counts wrong second factors towards the lock of the account, so new challenges cannot guess on for ever', async () => {
    const player = await playerWithFactors();
    let failures = 0;
    for (let round = 0; round < 2; round++) {
      const away = nextIp();
      const started = await login(test.portal.app, player.account, PASSWORD, { ip: away, captcha: round > 0 });
      expect(started.body.value?.status, JSON.stringify(started.body)).toBe('SECOND_FACTOR');
      for (let attempt = 0; attempt < 5; attempt++) {
        await complete(started.body.value.challengeId, 'bankName', `Guess Number${failures}`, away);
        failures += 1;
      }
    }
    const next = await login(test.portal.app, player.account, PASSWORD, { ip: nextIp(), captcha: true });
    expect(next.status).toBe(429);
    expect(next.body.code).toBe('ACCOUNT_LOCKED');
    expect(await auditActions(test, `member:${player.account}`)).toContain('member.login.locked');
  });

  it('forgives earlier wrong passwords only once the second factor has passed', async () => {
    const player = await playerWithFactors();
    const away = nextIp();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(test.portal.app, player.account, 'Wrong1234', { ip: nextIp() })).status).toBe(401);
    }
    const started = await login(test.portal.app, player.account, PASSWORD, { ip: away, captcha: true });
    expect(started.body.value.status).toBe('SECOND_FACTOR');
    // The challenge is pending: the next password attempt still needs the captcha.
    expect((await login(test.portal.app, player.account, PASSWORD, { ip: nextIp() })).body.code).toBe(
      'CAPTCHA_REQUIRED',
    );
    expect((await complete(started.body.value.challengeId, 'bankName', 'Rahim Uddin', away)).body.value.status).toBe(
      'OK',
    );
    expect((await login(test.portal.app, player.account, PASSWORD, { ip: away })).body.value.status).toBe('OK');
  });

  it('asks an SMS-code login only for the factors other than the phone it has proved', async () => {
    const smsLogin = async (mobileNum: string, ip: string) => {
      const sent = await call(test.portal.app, {
        method: 'POST',
        url: '/wps/verification/sms/noLogin',
        remoteAddress: ip,
        payload: { mobileNum, countryDialingCode: '880', purpose: 'login' },
      });
      expect(sent.status).toBe(200);
      const code = await latestCode(test, `880${mobileNum}`);
      return call(test.portal.app, {
        method: 'POST',
        url: '/wps/session/login',
        remoteAddress: ip,
        payload: { type: 'sms', username: mobileNum, countryDialingCode: '880', verificationCode: code },
      });
    };
    const player = await playerWithFactors();
    const away = nextIp();
    const asked = await smsLogin(player.mobileNum, away);
    expect(asked.body.value).toMatchObject({
      status: 'SECOND_FACTOR',
      methods: ['email', 'bankName'],
      maskedMobile: null,
      reason: 'NEW_IP',
    });
    const done = await complete(asked.body.value.challengeId, 'bankName', 'Rahim Uddin', away);
    expect(done.body.value).toMatchObject({ status: 'OK', account: player.account });

    // With the phone as the only factor, nothing is left to ask.
    const mobileNum = nextMobile();
    const phoneOnly = await registeredWithMobile(test, { mobileNum });
    const result = await smsLogin(mobileNum, nextIp());
    expect(result.body.value).toMatchObject({ status: 'OK', account: phoneOnly.username });
  });
});

describe('the authenticator app', () => {
  it('is set up with a QR code, confirmed with a code, then offered first at new addresses', async () => {
    const member = await registered(test.portal.app);
    expect(await security(member.token)).toMatchObject({ totpEnabled: false, totpAlways: false, factors: [] });
    const setup = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/security/totp/setup',
      headers: bearer(member.token),
    });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.body.value;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.*${member.username}.*secret=${secret}`));
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(await security(member.token)).toMatchObject({ totpEnabled: false });

    const codes = await totpCodes(secret);
    for (const code of [codes.wrong, '12345', 'abcdef']) {
      const refused = await call(test.portal.app, {
        method: 'POST',
        url: '/wps/member/security/totp/enable',
        headers: bearer(member.token),
        payload: { code },
      });
      expect(refused.status, code).toBe(400);
    }
    const enabled = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/security/totp/enable',
      headers: bearer(member.token),
      payload: { code: codes.current },
    });
    expect(enabled.body.value).toMatchObject({ totpEnabled: true, totpAlways: false, factors: ['totp'] });

    const away = nextIp();
    const challenge = await login(test.portal.app, member.username, member.password, { ip: away });
    expect(challenge.body.value).toMatchObject({ status: 'SECOND_FACTOR', methods: ['totp'], reason: 'NEW_IP' });
    // The code that confirmed the app was used once already.
    const replay = await complete(challenge.body.value.challengeId, 'totp', codes.current, away);
    expect(replay.body.code).toBe('VERIFICATION_CODE_INVALID');
    const done = await complete(challenge.body.value.challengeId, 'totp', codes.next, away);
    expect(done.body.value.status).toBe('OK');
    expect(await auditActions(test, `member:${member.username}`)).toContain('member.totp.enabled');
  });

  it('can be asked for at every login, even from a known address, and then it is the only factor', async () => {
    const player = await playerWithFactors();
    const refused = await call(test.portal.app, {
      method: 'PUT',
      url: '/wps/member/security/totp/always',
      headers: bearer(player.token),
      payload: { enabled: true },
    });
    expect(refused.body.code).toBe('FACTOR_UNAVAILABLE');
    const { secret } = await enableTotp(player.token);
    const always = await call(test.portal.app, {
      method: 'PUT',
      url: '/wps/member/security/totp/always',
      headers: bearer(player.token),
      payload: { enabled: true },
    });
    expect(always.body.value).toMatchObject({ totpEnabled: true, totpAlways: true });
    expect(always.body.value.factors).toEqual(['totp', 'sms', 'email', 'bankName']);

    for (const ip of [player.home, nextIp()]) {
      const answer = await login(test.portal.app, player.account, PASSWORD, { ip });
      expect(answer.body.value, ip).toMatchObject({
        status: 'SECOND_FACTOR',
        methods: ['totp'],
        reason: 'ALWAYS',
        maskedMobile: null,
        maskedEmail: null,
      });
      expect((await complete(answer.body.value.challengeId, 'bankName', 'Rahim Uddin', ip)).body.code).toBe(
        'FACTOR_UNAVAILABLE',
      );
    }
    const answer = await login(test.portal.app, player.account, PASSWORD, { ip: player.home });
    const { next } = await totpCodes(secret);
    const done = await complete(answer.body.value.challengeId, 'totp', next, player.home);
    expect(done.body.value).toMatchObject({ status: 'OK', account: player.account });
    expect(await auditActions(test, `member:${player.account}`)).toContain('member.totp.always');

    const off = await call(test.portal.app, {
      method: 'PUT',
      url: '/wps/member/security/totp/always',
      headers: bearer(player.token),
      payload: { enabled: false },
    });
    expect(off.body.value.totpAlways).toBe(false);
    expect((await login(test.portal.app, player.account, PASSWORD, { ip: player.home })).body.value.status).toBe('OK');
  });

  it('is turned off only with a valid code', async () => {
    const member = await registered(test.portal.app);
    const { secret, usedCode } = await enableTotp(member.token);
    const disable = (code: string) =>
      call(test.portal.app, {
        method: 'POST',
        url: '/wps/member/security/totp/disable',
        headers: bearer(member.token),
        payload: { code },
      });
    const codes = await totpCodes(secret);
    expect((await disable(codes.wrong)).body.code).toBe('VERIFICATION_CODE_INVALID');
    expect((await disable(usedCode)).body.code).toBe('VERIFICATION_CODE_INVALID');
    const off = await disable(codes.next);
    expect(off.body.value).toMatchObject({ totpEnabled: false, totpAlways: false, factors: [] });
    const row = await test.portal.database.db
      .selectFrom('members')
      .select(['totp_secret', 'totp_enabled'])
      .where('account', '=', member.username)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_enabled: false });
    expect((await login(test.portal.app, member.username, member.password, { ip: nextIp() })).body.value.status).toBe(
      'OK',
    );
    expect(await auditActions(test, `member:${member.username}`)).toContain('member.totp.disabled');
  });
});
