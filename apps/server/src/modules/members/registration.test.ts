import { PATTERNS, type PatternId, patternMessage } from '@portal/shared/validation';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAYER, seedDemoAccounts } from '../../db/seed/accounts.ts';
import { call, TEST_CAPTCHA, useTestPortal } from '../../test/harness.ts';
import {
  bearer,
  captchaHeaders,
  countMembers,
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
  setFlags,
  sleep,
  updateSetting,
} from '../../test/members.ts';

const test = useTestPortal();

type Registration = {
  fields: Record<
    string,
    { enabled: boolean; required: boolean; patternId: PatternId; minLength: number; maxLength: number }
  >;
  birthdayCheck: boolean;
};

let defaults: Registration;
let defaultFlags: Record<string, boolean>;
beforeAll(async () => {
  defaults = (
    await call(test.portal.app, { method: 'GET', url: '/admin/api/settings/registration', headers: test.admin })
  ).body.value;
  defaultFlags = (await call(test.portal.app, { method: 'GET', url: '/admin/api/flags', headers: test.admin })).body
    .value;
});

// Tests change the form, the brand and the switches through these, and each change is undone after the test.
const changed = new Set<'registration' | 'brand' | 'flags'>();
function changeRegistration(change: (value: Registration) => void) {
  changed.add('registration');
  return updateSetting<Registration>(test, 'registration', change);
}
function changeBrand(change: (value: { captchaEnabled: boolean; minimumAge: number }) => void) {
  changed.add('brand');
  return updateSetting(test, 'brand', change);
}
function changeFlags(flags: Record<string, boolean>) {
  changed.add('flags');
  return setFlags(test, flags);
}
afterEach(async () => {
  if (changed.has('registration')) {
    await updateSetting<Registration>(test, 'registration', (value) => Object.assign(value, structuredClone(defaults)));
  }
  if (changed.has('flags')) await setFlags(test, defaultFlags);
  if (changed.has('brand')) {
    await updateSetting<{ captchaEnabled: boolean; minimumAge: number }>(test, 'brand', (brand) => {
      brand.captchaEnabled = true;
      brand.minimumAge = 18;
    });
  }
  changed.clear();
});

async function memberRow(account: string) {
  return test.portal.database.db
    .selectFrom('members')
    .selectAll()
    .where('account_key', '=', account.toLowerCase())
    .executeTakeFirst();
}

async function info(token: string) {
  const { status, body } = await call(test.portal.app, {
    method: 'GET',
    url: '/wps/member/info',
    headers: bearer(token),
  });
  expect(status).toBe(200);
  return body.value;
}

describe('registration form', () => {
  it('serves every field rule with the catalogue pattern of its id and the switches', async () => {
    const { status, body } = await call(test.portal.app, { method: 'GET', url: '/wps/system/setting/register' });
    expect(status).toBe(200);
    const settings = body.value;
    expect(settings.types).toEqual(['registerMobile', 'register']);
    expect(settings.defaultType).toBe('registerMobile');
    for (const [name, rule] of Object.entries(settings.fields) as [
      string,
      { patternId: PatternId; acceptedPattern: string },
    ][]) {
      expect(rule.acceptedPattern, name).toBe(PATTERNS[rule.patternId]);
    }
    expect(settings.fields.captcha).toMatchObject({ enabled: true, required: true });
    expect(settings.fields.verificationCode).toMatchObject({ enabled: true, required: true });
    expect(settings).toMatchObject({ captchaEnabled: true, smsVerification: true, mobileWithPassword: true });
  });
});

describe('registration by user name', () => {
  it('stores an argon2id hash, signs the new member in and sets an httpOnly cookie', async () => {
    const username = nextName('Hash');
    const result = await register(test.portal.app, { username, password: 'Abc12345', confirmPassword: 'Abc12345' });
    expect(result.status).toBe(200);
    expect(result.body.value).toMatchObject({
      status: 'OK',
      account: username,
      type: 0,
      isAgent: false,
      firstTimeLogin: true,
      mustChangePassword: false,
    });
    expect(String(result.headers['set-cookie'])).toMatch(/portal_session=[^;]+;.*HttpOnly/i);
    const row = await memberRow(username);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_hash).not.toContain('Abc12345');
    expect(JSON.stringify(result.body)).not.toContain('Abc12345');
    expect((await info(result.body.value.token)).account).toBe(username);
  });

  // Default rules of the brand, with every optional field switched on for the test.
  const FIELD_CASES = {
    username: { valid: 'Player01', invalid: ['1player', 'abc', 'a'.repeat(17), 'play er', 'play_er', 'plàyer'] },
    password: {
      valid: 'abc12345',
      invalid: ['abcdefgh', '12345678', 'ab1', `abc1${'x'.repeat(17)}`, 'abc 123', 'abc!1234'],
    },
    payeeName: { valid: 'রহিম উদ্দিন', invalid: ['R2D2', 'R', 'Rahim  Uddin', 'Rahim!'] },
    email: { valid: 'player@example.com', invalid: ['player@', 'player.example.com', 'a@b.c', 'pla yer@example.com'] },
    qqNum: { valid: '123456', invalid: ['1234', '12345a', '1'.repeat(13)] },
    mobileNum: {
      valid: '01712345678',
      invalid: ['171234567', '17123456789', '17123a5678', '+171234567', '01243529090', '0255123456'],
    },
    recommenderId: { valid: '(set below)', invalid: ['9abc', 'ab', 'ab-cd'] },
    affiliateCode: { valid: '(set below)', invalid: ['ABC-12', 'ABC12', 'A'.repeat(17)] },
    paymentPassword: { valid: '654321', invalid: ['12345', '12345a', '1234567'] },
    line: { valid: 'line_id.1', invalid: ['li ne', 'ab', 'x'.repeat(51)] },
    whatsapp: { valid: '8801712345678', invalid: ['1234567', '+880171234', '8'.repeat(16)] },
    facebook: { valid: 'fb.player', invalid: ['fb player', 'fb'] },
    wechat: { valid: 'wx_player', invalid: ['wx player', 'x'.repeat(51)] },
    idNumber: { valid: 'A1234567', invalid: ['A123-4567', 'A12', 'A'.repeat(21)] },
    birthday: { valid: '1990-05-17', invalid: ['17-05-1990', '1990-13-01', '1990-5-17', '1990-02-30'] },
  } satisfies Record<string, { valid: string; invalid: string[] }>;

  it('checks every field against its rule: each invalid value is refused naming the field, and nothing is written', async () => {
    const agent = await createByOperator(test, { account: nextName('agent'), type: 1, password: 'Agent1234' });
    const referrer = await registered(test.portal.app);
    FIELD_CASES.recommenderId.valid = referrer.username;
    FIELD_CASES.affiliateCode.valid = agent.inviteCode;
    await changeRegistration((value) => {
      for (const rule of Object.values(value.fields)) {
        rule.enabled = true;
        rule.required = true;
      }
      value.birthdayCheck = true;
    });
    const valid: Record<string, string> = Object.fromEntries(
      Object.entries(FIELD_CASES).map(([name, c]) => [name, c.valid]),
    );
    valid.confirmPassword = FIELD_CASES.password.valid;
    const before = await countMembers(test);

    for (const [field, { invalid }] of Object.entries(FIELD_CASES)) {
      for (const value of [...invalid, undefined]) {
        const payload = { ...valid, [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) };
        // Fields are checked before the captcha, so these need none.
        const { status, body } = await register(test.portal.app, payload, { captcha: null });
        const label = `${field}=${value}`;
        expect(status, label).toBe(400);
        expect(body.code, label).toBe('FIELD_INVALID');
        expect(body.value, label).toEqual({ field });
        // The message is the catalogue text with the rule's length, the same for a missing value (spec section 5);
        // the phone library decides on a mobile number, which says so with the error catalogue's phone text.
        const rule = defaults.fields[field]!;
        expect(body.message, label).toBe(
          field === 'mobileNum'
            ? 'Invalid phone number format.'
            : patternMessage(rule.patternId, rule.minLength, rule.maxLength, 'en'),
        );
      }
    }
    expect(await countMembers(test)).toBe(before);

    const ok = await register(test.portal.app, valid);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const row = await memberRow(valid.username as string);
    expect(row).toMatchObject({
      email: 'player@example.com',
      mobile_num: '1712345678',
      country_dialing_code: '880',
      payee_name: 'রহিম উদ্দিন',
    });
    expect(row?.upline_id).toBe(agent.id);
    expect(row?.referrer_id).toBe((await memberRow(referrer.username))?.id);
    expect(row?.payment_password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.contacts).toEqual({
      qqNum: '123456',
      line: 'line_id.1',
      whatsapp: '8801712345678',
      facebook: 'fb.player',
      wechat: 'wx_player',
      idNumber: 'A1234567',
    });
    expect(await countMembers(test)).toBe(before + 1);
  });

  it('trims the fields it stores but takes passwords exactly as typed', async () => {
    const username = nextName('Trim');
    const ok = await register(test.portal.app, {
      username: `  ${username} `,
      email: ' trim@example.com ',
      password: 'abc12345',
      confirmPassword: 'abc12345',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.value.account).toBe(username);
    expect((await memberRow(username))?.email).toBe('trim@example.com');
    const spaced = await register(test.portal.app, { password: ' abc12345', confirmPassword: ' abc12345' });
    expect(spaced.status).toBe(400);
    expect(spaced.body.value).toEqual({ field: 'password' });
  });

  it('enforces each catalogue pattern the operator picks for a field', async () => {
    const samples: Record<PatternId, [valid: string, invalid: string]> = {
      ANY: ['any text 😀!', 'x'.repeat(41)],
      LETTER_FIRST_ALNUM: ['Ab12', '1Abc'],
      KANJI_DIGITS: ['漢字123', '漢字abc'],
      EMAIL: ['a.b@example.com', 'a.b@'],
      ALNUM_ONLY: ['abc123', 'abc-123'],
      ALNUM_COMBINED: ['abc123', 'abcdef'],
      DIGITS: ['0123', '12a3'],
      ALNUM_WITH_UPPER: ['abC123', 'abc123'],
      ENGLISH_SPACES: ['John Smith', 'John3 Smith'],
      NO_SPACES: ['a!b@c', 'a b'],
      CHINESE_PUNCTUATION: ['你好，世界', '你好 world'],
      DATE_YMD: ['2000-01-31', '2000-31-01'],
      DATE_MDY: ['01-31-2000', '2000-01-31'],
      LETTERS_SPACES: ['Élodie Ça', 'Elodie 2'],
      KOREAN: ['한국어', '한국어abc'],
      THAI: ['ภาษาไทย', 'ไทยabc'],
      THAI_OR_ENGLISH: ['Hello World', 'Helloไทย'],
      UPPER_SPACES: ['JOHN SMITH', 'John Smith'],
      LETTERS_DIGITS_SYMBOLS: ['P@ss_w0rd!', 'pass word'],
      STRONG_PASSWORD: ['Aa1!aaaa', 'Aa1aaaaa'],
      FULL_NAME: ["Mary-Jane O'Neil", 'Mary'],
      JAPANESE_FULLWIDTH: ['ひらがなカタカナ漢字', 'ｶﾀｶﾅ'],
    };
    const before = await countMembers(test);
    for (const [patternId, [valid, invalid]] of Object.entries(samples) as [PatternId, [string, string]][]) {
      await changeRegistration((value) => {
        value.fields.line = { enabled: true, required: true, patternId, minLength: 1, maxLength: 40 };
      });
      // A valid value passes the field rules and stops only at the (missing) captcha; an invalid one names the field.
      const passed = await register(test.portal.app, { line: valid }, { captcha: null });
      expect(passed.body.code, `${patternId} ${valid}`).toBe('CAPTCHA_REQUIRED');
      const refused = await register(test.portal.app, { line: invalid }, { captcha: null });
      expect(refused.body, `${patternId} ${invalid}`).toMatchObject({
        code: 'FIELD_INVALID',
        value: { field: 'line' },
      });
      expect(refused.body.message).toBe(patternMessage(patternId, 1, 40, 'en'));
    }
    expect(await countMembers(test)).toBe(before);
  });

  it('refuses a confirmation that differs, unticked terms, unknown fields and wrong types, writing nothing', async () => {
    const before = await countMembers(test);
    const mismatch = await register(test.portal.app, { confirmPassword: 'Other1234' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({
      code: 'CONFIRMATION_MISMATCH',
      message: 'Incorrect confirmation input',
      value: { field: 'confirmPassword' },
    });

    const terms = await register(test.portal.app, { acceptTerms: false });
    expect(terms.status).toBe(400);
    expect(terms.body.code).toBe('TERMS_NOT_ACCEPTED');
    expect(terms.body.message).toMatch(/^not empty\?/);

    for (const extra of [
      { acceptTerms: undefined },
      { isAdmin: true },
      { type: 1 },
      { username: { name: 'x' } },
      { acceptTerms: 'maybe' },
      { password: 'a1'.repeat(65), confirmPassword: 'a1'.repeat(65) },
      { registerMethod: 'APP' },
      { countryDialingCode: '+880' },
    ]) {
      const { status, body } = await register(test.portal.app, extra);
      expect(status, JSON.stringify(extra)).toBe(400);
      expect(body.code, JSON.stringify(extra)).toBe('VALIDATION');
    }
    const unlisted = await register(test.portal.app, { mobileNum: '1712345678', countryDialingCode: '1' });
    expect(unlisted.body).toMatchObject({ code: 'PHONE_INVALID', value: { field: 'countryDialingCode' } });
    expect(await countMembers(test)).toBe(before);
  });

  it('demands the captcha when the brand has it on, uses each answer once, and skips it when off', async () => {
    const before = await countMembers(test);
    expect((await register(test.portal.app, {}, { captcha: null })).body.code).toBe('CAPTCHA_REQUIRED');
    expect((await register(test.portal.app, {}, { captcha: 'ZZZZ' })).body.code).toBe('CAPTCHA_INVALID');

    const ip = nextIp();
    const headers = { ...EN, ...(await captchaHeaders(test.portal.app, ip)) };
    const payload = (username: string) => ({
      username,
      password: 'abc12345',
      confirmPassword: 'abc12345',
      acceptTerms: true,
      captcha: TEST_CAPTCHA.toLowerCase(),
    });
    const first = await call(test.portal.app, {
      method: 'PUT',
      url: '/wps/member/register',
      headers,
      remoteAddress: ip,
      payload: payload(nextName()),
    });
    expect(first.status).toBe(200);
    const replay = await call(test.portal.app, {
      method: 'PUT',
      url: '/wps/member/register',
      headers,
      remoteAddress: ip,
      payload: payload(nextName()),
    });
    expect(replay.body.code).toBe('CAPTCHA_INVALID');
    expect(await countMembers(test)).toBe(before + 1);

    await changeBrand((brand) => {
      brand.captchaEnabled = false;
    });
    const rules = await call(test.portal.app, { method: 'GET', url: '/wps/system/setting/register' });
    expect(rules.body.value.fields.captcha).toMatchObject({ enabled: false, required: false });
    expect((await register(test.portal.app, {}, { captcha: null })).status).toBe(200);
  });

  it('refuses a taken name whatever its letter case', async () => {
    const first = await registered(test.portal.app, { username: nextName('Case') });
    const before = await countMembers(test);
    for (const name of [first.username.toUpperCase(), first.username.toLowerCase(), ` ${first.username}`]) {
      const { status, body } = await register(test.portal.app, { username: name });
      expect(status, name).toBe(409);
      expect(body).toMatchObject({ code: 'USERNAME_TAKEN', value: { field: 'username' } });
    }
    expect(await countMembers(test)).toBe(before);
  });

  it('lets exactly one of 20 simultaneous registrations of one name through', async () => {
    const name = nextName('Race');
    const before = await countMembers(test);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(test.portal.app, { username: i % 2 ? name.toUpperCase() : name })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.code).toBe('USERNAME_TAKEN');
    expect(await countMembers(test)).toBe(before + 1);
  });

  it('lets exactly one of 20 simultaneous registrations with one mobile number through', async () => {
    // Without SMS verification nothing serialises these but the database.
    await changeFlags({ REGMOBVERF3: false });
    const mobileNum = nextMobile();
    const before = await countMembers(test);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => register(test.portal.app, { mobileNum }, { mobile: true })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body).toMatchObject({ code: 'MOBILE_TAKEN', value: { field: 'mobileNum' } });
    expect(await countMembers(test)).toBe(before + 1);
  });

  it('keeps a number typed at registration by user name unverified, so it blocks nobody and signs nobody in', async () => {
    const mobileNum = nextMobile();
    const first = await register(test.portal.app, { mobileNum });
    const second = await register(test.portal.app, { mobileNum });
    expect([first.status, second.status]).toEqual([200, 200]);
    const rows = await test.portal.database.db
      .selectFrom('members')
      .select('mobile_verified')
      .where('mobile_num', '=', mobileNum)
      .execute();
    expect(rows).toEqual([{ mobile_verified: false }, { mobile_verified: false }]);
    const sent = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      remoteAddress: nextIp(),
      payload: { mobileNum, countryDialingCode: '880', purpose: 'login' },
    });
    expect(sent.status).toBe(200);
    // No account holds the number verified, so no code goes out.
    expect(await outbox(test, `880${mobileNum}`)).toEqual([]);
  });

  it('answers 403 when registration by user name is switched off', async () => {
    await changeFlags({ USERNAMEREG3: false });
    const rules = await call(test.portal.app, { method: 'GET', url: '/wps/system/setting/register' });
    expect(rules.body.value.types).toEqual(['registerMobile']);
    const { status, body } = await register(test.portal.app);
    expect(status).toBe(403);
    expect(body.code).toBe('FEATURE_DISABLED');
  });

  it('checks the birthday against the minimum age when the brand asks (21 years)', async () => {
    await changeRegistration((value) => {
      value.birthdayCheck = true;
    });
    await changeBrand((brand) => {
      brand.minimumAge = 21;
    });
    const now = new Date();
    const yearsAgo = (years: number, extraDays = 0) => {
      const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + extraDays));
      return d.toISOString().slice(0, 10);
    };
    const before = await countMembers(test);
    const missing = await register(test.portal.app, {});
    expect(missing.body).toMatchObject({ code: 'FIELD_INVALID', value: { field: 'birthday' } });
    const young = await register(test.portal.app, { birthday: yearsAgo(21, 1) });
    expect(young.status).toBe(400);
    expect(young.body).toMatchObject({
      code: 'UNDER_AGE',
      message: 'You must be at least 21 years old',
      value: { field: 'birthday' },
    });
    expect(await countMembers(test)).toBe(before);
    const adult = await register(test.portal.app, { birthday: yearsAgo(21) });
    expect(adult.status, JSON.stringify(adult.body)).toBe(200);
    expect((await memberRow(adult.body.value.account))?.birthday).toBe(yearsAgo(21));
  });
});

describe('registration by mobile number', () => {
  it('sends a code by SMS, checks it once, and opens an account named by the number', async () => {
    const mobileNo = nextMobile();
    const ip = nextIp();
    const sent = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: ip,
      payload: { mobileNo, countryDialingCode: '880' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.value).toEqual({ expiredMinutes: 5 });
    const code = await latestCode(test, `880${mobileNo}`);

    const before = await countMembers(test);
    const missing = await register(
      test.portal.app,
      { mobileNum: mobileNo, countryDialingCode: '880' },
      { mobile: true },
    );
    expect(missing.body.code).toBe('VERIFICATION_CODE_MISSING');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await register(
      test.portal.app,
      { mobileNum: mobileNo, countryDialingCode: '880', verificationCode: wrongCode },
      { mobile: true },
    );
    expect(wrong.body.code).toBe('VERIFICATION_CODE_INVALID');
    expect(await countMembers(test)).toBe(before);

    const ok = await register(
      test.portal.app,
      { mobileNum: mobileNo, countryDialingCode: '880', verificationCode: code },
      { mobile: true, ip },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.value.account).toBe(mobileNo);
    const member = await info(ok.body.value.token);
    expect(member).toMatchObject({ account: mobileNo, mobileNum: mobileNo, countryDialingCode: '880' });
    // The member signs in with the number and the password.
    const signIn = await login(test.portal.app, mobileNo, 'Secret123', { ip });
    expect(signIn.body.value).toMatchObject({ status: 'OK', account: mobileNo, firstTimeLogin: false });

    const again = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: nextIp(),
      payload: { mobileNo, countryDialingCode: '880' },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MOBILE_TAKEN');
  });

  it('refuses badly formed numbers before sending anything', async () => {
    for (const [mobileNo, countryDialingCode, code] of [
      ['171234567', '880', 'PHONE_INVALID'],
      ['17123456ab', '880', 'PHONE_INVALID'],
      ['1712345678', '1', 'PHONE_INVALID'],
      ['', '880', 'PHONE_MISSING'],
    ]) {
      const { status, body } = await call(test.portal.app, {
        method: 'POST',
        url: '/wps/verification/sms/register',
        headers: EN,
        remoteAddress: nextIp(),
        payload: { mobileNo, countryDialingCode },
      });
      expect(status, mobileNo).toBe(400);
      expect(body.code, mobileNo).toBe(code);
      if (code === 'PHONE_INVALID') expect(body.message).toBe('Invalid phone number format.');
    }
    const messages = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/outbox?recipient=880171234567',
      headers: test.admin,
    });
    expect(messages.body.value).toEqual([]);
  });

  it('needs no code without SMS verification, and no password without MOBILENUMPASSREG3', async () => {
    await changeFlags({ REGMOBVERF3: false, MOBILENUMPASSREG3: false });
    const mobileNum = nextMobile();
    const ok = await register(
      test.portal.app,
      { mobileNum, password: undefined, confirmPassword: undefined },
      { mobile: true },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await memberRow(mobileNum))?.password_hash).toBeNull();
    const sms = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: nextIp(),
      payload: { mobileNo: nextMobile(), countryDialingCode: '880' },
    });
    expect(sms.status).toBe(403);
  });

  it('answers 403 when registration by mobile is switched off', async () => {
    await changeFlags({ MOBILENUMREG3: false });
    const { status, body } = await register(test.portal.app, { mobileNum: nextMobile() }, { mobile: true });
    expect(status).toBe(403);
    expect(body.code).toBe('FEATURE_DISABLED');
  });
});

describe('mobile numbers typed the way players in Bangladesh type them', () => {
  const LOCAL = '01743529090';
  const STORED = '1743529090';

  async function sendCode(url: string, payload: Record<string, string>) {
    return call(test.portal.app, { method: 'POST', url, headers: EN, remoteAddress: nextIp(), payload });
  }

  it('registers 01743529090 once, and finds that account by SMS login, password login and reset in any form', async () => {
    const sent = await sendCode('/wps/verification/sms/register', { mobileNo: LOCAL, countryDialingCode: '880' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const ip = nextIp();
    const created = await register(
      test.portal.app,
      { mobileNum: LOCAL, countryDialingCode: '880', verificationCode: await latestCode(test, `880${STORED}`) },
      { mobile: true, ip },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.value.account).toBe(STORED);
    expect(await memberRow(STORED)).toMatchObject({
      account: STORED,
      mobile_num: STORED,
      country_dialing_code: '880',
      mobile_verified: true,
    });

    // The same number in another form is the same number.
    const before = await countMembers(test);
    for (const mobileNo of [STORED, '+8801743529090', '880 1743-529090']) {
      const again = await sendCode('/wps/verification/sms/register', { mobileNo, countryDialingCode: '880' });
      expect(again.status, mobileNo).toBe(409);
      expect(again.body, mobileNo).toMatchObject({ code: 'MOBILE_TAKEN', value: { field: 'mobileNum' } });
    }
    await changeFlags({ REGMOBVERF3: false });
    const second = await register(test.portal.app, { mobileNum: STORED, countryDialingCode: '880' }, { mobile: true });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'MOBILE_TAKEN', value: { field: 'mobileNum' } });
    expect(await countMembers(test)).toBe(before);

    // Sign-in by SMS code: the code is asked for and used with the number written two other ways.
    await sleep(1050);
    const loginCode = await sendCode('/wps/verification/sms/noLogin', {
      mobileNum: '+8801743529090',
      countryDialingCode: '880',
      purpose: 'login',
    });
    expect(loginCode.status).toBe(200);
    const smsLogin = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login',
      headers: EN,
      remoteAddress: ip,
      payload: {
        type: 'sms',
        username: '017 4352-9090',
        countryDialingCode: '880',
        verificationCode: await latestCode(test, `880${STORED}`),
      },
    });
    expect(smsLogin.status, JSON.stringify(smsLogin.body)).toBe(200);
    expect(smsLogin.body.value).toMatchObject({ status: 'OK', account: STORED });

    // The password sign-in takes the number the way it is dialled as the account's name.
    const byName = await login(test.portal.app, LOCAL, 'Secret123', { ip });
    expect(byName.body.value).toMatchObject({ status: 'OK', account: STORED });

    // Forgot password with the international form reaches the same account.
    await sleep(1050);
    const forgetCode = await sendCode('/wps/verification/sms/noLogin', {
      mobileNum: '+8801743529090',
      countryDialingCode: '880',
      purpose: 'forget',
    });
    expect(forgetCode.status).toBe(200);
    const reset = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/member/password/verification',
      headers: EN,
      remoteAddress: nextIp(),
      payload: {
        mobileNum: '+8801743529090',
        countryDialingCode: '880',
        verificationCode: await latestCode(test, `880${STORED}`),
        newPassword: 'Reset12345',
      },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.value).toEqual({ account: STORED });
    expect((await login(test.portal.app, STORED, 'Reset12345', { ip })).body.value.status).toBe('OK');
  });

  it('stores the number of a registration by user name and of an operator-made account in one form', async () => {
    const player = await registered(test.portal.app, { mobileNum: '+880 1812-345670' });
    expect(await memberRow(player.username)).toMatchObject({ mobile_num: '1812345670', country_dialing_code: '880' });
    const account = nextName('op');
    await createByOperator(test, { account, mobileNum: '01912345670' });
    expect(await memberRow(account)).toMatchObject({ mobile_num: '1912345670', mobile_verified: true });
    const refused = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/members',
      headers: test.admin,
      payload: { account: nextName('op'), type: 0, password: '123456', mobileNum: '0255123456' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'PHONE_INVALID', value: { field: 'mobileNum' } });
  });

  it("keeps the demo player's seeded number in its stored form, found by the local form too", async () => {
    const { members, wallet } = test.portal.app.services;
    await seedDemoAccounts(members, wallet);
    const demo = await memberRow(DEMO_PLAYER.account);
    expect(demo).toMatchObject({ mobile_num: '1700000001', country_dialing_code: '880', mobile_verified: true });
    expect((await members.findByMobile('880', '01700000001'))?.account).toBe(DEMO_PLAYER.account);
  });

  it('refuses a landline, a wrong operator prefix, letters and NUL with a 400 everywhere, writing and sending nothing', async () => {
    const before = await countMembers(test);
    for (const bad of ['0255123456', '01243529090', '0174352909a', '017435290\u00000', '+91 98123 45678']) {
      const label = JSON.stringify(bad);
      // NUL is refused for every field before any rule runs, as text the database cannot store.
      const expected = bad.includes('\u0000')
        ? { code: 'TEXT_UNSTORABLE', value: { field: 'mobileNum' } }
        : { code: 'FIELD_INVALID', message: 'Invalid phone number format.', value: { field: 'mobileNum' } };
      const byMobile = await register(test.portal.app, { mobileNum: bad }, { mobile: true, captcha: null });
      expect(byMobile.status, label).toBe(400);
      expect(byMobile.body, label).toMatchObject(expected);
      const byName = await register(test.portal.app, { mobileNum: bad }, { captcha: null });
      expect(byName.status, label).toBe(400);
      expect(byName.body, label).toMatchObject(expected);

      const answers = [
        await sendCode('/wps/verification/sms/register', { mobileNo: bad, countryDialingCode: '880' }),
        await sendCode('/wps/verification/sms/noLogin', {
          mobileNum: bad,
          countryDialingCode: '880',
          purpose: 'login',
        }),
        await sendCode('/wps/member/password/verification', {
          mobileNum: bad,
          countryDialingCode: '880',
          verificationCode: '123456',
          newPassword: 'Reset12345',
        }),
        await sendCode('/wps/session/login', {
          type: 'sms',
          username: bad,
          countryDialingCode: '880',
          verificationCode: '123456',
        }),
      ];
      for (const answer of answers) {
        expect(answer.status, label).toBe(400);
        if (bad.includes('\u0000')) continue;
        expect(answer.body, label).toMatchObject({ code: 'PHONE_INVALID', message: 'Invalid phone number format.' });
        expect(answer.body.value, label).toMatchObject({ field: 'mobileNum' });
      }
    }
    expect(await countMembers(test)).toBe(before);
    const sent = await test.portal.database.db
      .selectFrom('verification_codes')
      .select('target')
      .where('target', 'in', ['8800255123456', '880255123456', '8801243529090', '880124352909'])
      .execute();
    expect(sent).toEqual([]);
  });
});

describe('invitations', () => {
  it('checks a code with GET /wps/agent/affiliate', async () => {
    const agent = await createByOperator(test, { account: nextName('agent'), type: 1, password: 'Agent1234' });
    for (const code of [agent.inviteCode, agent.inviteCode.toLowerCase()]) {
      const { status, body } = await call(test.portal.app, {
        method: 'GET',
        url: `/wps/agent/affiliate?code=${code}&domain=example.com`,
      });
      expect(status).toBe(200);
      expect(body.value).toEqual({ valid: true, agent: agent.account });
    }
    for (const code of ['NOPE0000', 'x', 'ABC-DEFG']) {
      const { status, body } = await call(test.portal.app, {
        method: 'GET',
        url: `/wps/agent/affiliate?code=${code}`,
        headers: EN,
      });
      expect(status, code).toBe(400);
      expect(body).toMatchObject({ code: 'INVITATION_CODE_ERROR', message: 'Invalid invitation code' });
    }
  });

  it("places a member under the agent of an affiliate or referral code, and under the inviting player's agent", async () => {
    const agent = await createByOperator(test, { account: nextName('agent'), type: 1, password: 'Agent1234' });
    const byAffiliate = await registered(test.portal.app, { affiliateCode: agent.inviteCode });
    expect(await info(byAffiliate.token)).toMatchObject({ upline: agent.account, toUpline: true });
    const byReferral = await registered(test.portal.app, { referralCode: agent.inviteCode.toLowerCase() });
    const referred = await info(byReferral.token);
    expect(referred.upline).toBe(agent.account);

    // A player's own code: the new member joins the same agent, and the player is recorded as referrer.
    const friend = await registered(test.portal.app, { referralCode: referred.inviteCode });
    expect((await info(friend.token)).upline).toBe(agent.account);
    const row = await memberRow(friend.username);
    expect(row?.referrer_id).toBe(String(referred.id));

    const plain = await registered(test.portal.app);
    expect(await info(plain.token)).toMatchObject({ upline: null, toUpline: false });
  });

  it('refuses an unknown invitation code, or one of a disabled or trial account, and writes nothing', async () => {
    const agent = await createByOperator(test, { account: nextName('agent'), type: 1, password: 'Agent1234' });
    await test.portal.database.db
      .updateTable('members')
      .set({ status: 'disabled' })
      .where('id', '=', agent.id)
      .execute();
    const trial = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextIp(),
    });
    const trialInfo = await info(trial.body.value.token);
    const before = await countMembers(test);
    for (const fields of [
      { affiliateCode: 'ZZZZ9999' },
      { referralCode: 'ZZZZ9999' },
      { referralCode: 'bad code' },
      { affiliateCode: agent.inviteCode },
      { referralCode: trialInfo.inviteCode },
    ]) {
      const { status, body } = await register(test.portal.app, fields);
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body.code).toBe('INVITATION_CODE_ERROR');
    }
    expect(await countMembers(test)).toBe(before);
  });
});

describe('operator-created accounts', () => {
  it('opens agents and players with an argon2id hash and refuses bad input', async () => {
    const account = nextName('op');
    const created = await createByOperator(test, { account, type: 1, password: 'Agent1234', email: 'op@example.com' });
    expect(created.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    expect((await memberRow(account))?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const before = await countMembers(test);
    for (const payload of [
      { account: nextName('op'), type: 4, password: '123456' },
      { account: '1bad', type: 0, password: '123456' },
      { account: nextName('op'), type: 0, password: '12345' },
      { account: nextName('op'), type: 0, password: '123456', role: 'admin' },
      { account: nextName('op'), type: 0, password: '123456', upline: 'nobody-here' },
    ]) {
      const { status } = await call(test.portal.app, {
        method: 'POST',
        url: '/admin/api/members',
        headers: test.admin,
        payload,
      });
      expect(status, JSON.stringify(payload)).toBe(400);
    }
    const duplicate = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/members',
      headers: test.admin,
      payload: { account: account.toUpperCase(), type: 0, password: '123456' },
    });
    expect(duplicate.status).toBe(409);
    const anonymous = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/members',
      payload: { account: nextName('op'), type: 0, password: '123456' },
    });
    expect(anonymous.status).toBe(401);
    expect(await countMembers(test)).toBe(before);
  });
});
