import type { LoginSession, MemberInfo, RegisterSettings } from '@portal/shared/auth';
import { type FieldRule, rule } from '@portal/shared/validation';

const off = (fieldRule: FieldRule): FieldRule => ({ ...fieldRule, enabled: false, required: false });

/** Registration settings like the server's defaults: username type, no optional fields. */
export function registerSettings(overrides: Partial<RegisterSettings> = {}): RegisterSettings {
  return {
    types: ['register'],
    defaultType: 'register',
    captchaEnabled: false,
    smsVerification: false,
    mobileWithPassword: true,
    minimumAge: 18,
    birthdayCheck: false,
    countryDialingCodes: ['880', '91'],
    defaultCountryDialingCode: '880',
    ...overrides,
    fields: {
      username: rule('LETTER_FIRST_ALNUM', 6, 16),
      password: rule('ALNUM_COMBINED', 6, 16),
      confirmPassword: rule('ALNUM_COMBINED', 6, 16),
      payeeName: off(rule('FULL_NAME', 2, 50)),
      email: off(rule('EMAIL', 5, 100)),
      qqNum: off(rule('DIGITS', 5, 12)),
      mobileNum: off(rule('DIGITS', 10, 10)),
      recommenderId: off(rule('ALNUM_ONLY', 1, 20)),
      captcha: off(rule('ALNUM_ONLY', 4, 6)),
      verificationCode: off(rule('DIGITS', 4, 8)),
      affiliateCode: off(rule('ALNUM_ONLY', 1, 20)),
      paymentPassword: off(rule('DIGITS', 6, 6)),
      line: off(rule('NO_SPACES', 1, 50)),
      whatsapp: off(rule('DIGITS', 6, 15)),
      facebook: off(rule('NO_SPACES', 1, 50)),
      wechat: off(rule('NO_SPACES', 1, 50)),
      idNumber: off(rule('ALNUM_ONLY', 6, 20)),
      birthday: off(rule('DATE_YMD', 10, 10)),
      ...overrides.fields,
    },
  };
}

export function loginSession(overrides: Partial<LoginSession> = {}): LoginSession {
  return {
    status: 'OK',
    token: 'not-for-scripts',
    userName: 'demo',
    account: 'demo',
    type: 0,
    isAgent: false,
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    ...overrides,
  };
}

export function memberInfo(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 1,
    account: 'demo',
    nickname: null,
    type: 0,
    isAgent: false,
    toUpline: false,
    clubLabel: { labelName: 'VIP 1', rankLevel: 1 },
    memberLabel: [],
    email: null,
    mobileNum: null,
    countryDialingCode: null,
    payeeName: null,
    inviteCode: 'ABC123',
    upline: null,
    lastLoginAt: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    mustChangePassword: false,
    ...overrides,
  };
}

// biome-ignore lint/suspicious/noDocumentCookie: the readable session hint cookie the server sets
export const setSessionHint = () => (document.cookie = 'portal_member=1; path=/');
// biome-ignore lint/suspicious/noDocumentCookie: see above
export const clearSessionHintCookie = () => (document.cookie = 'portal_member=; path=/; max-age=0');
