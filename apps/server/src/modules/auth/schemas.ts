import { REGISTER_FIELDS, SECOND_FACTORS } from '@portal/shared/auth';
import { MOBILE_INPUT_MAX_LENGTH } from '@portal/shared/phone';
import Type from 'typebox';

const Text = (maxLength = 254) => Type.Optional(Type.String({ maxLength }));
/** As typed (`01743529090`, `+880 1743-529090`): the service reads it with the shared phone module. */
const Mobile = Type.String({ maxLength: MOBILE_INPUT_MAX_LENGTH });
const DialingCode = Type.String({ pattern: '^[0-9]{1,4}$' });

export const RegisterBody = Type.Object(
  {
    ...Object.fromEntries(REGISTER_FIELDS.map((name) => [name, Text()])),
    password: Text(128),
    confirmPassword: Text(128),
    paymentPassword: Text(128),
    countryDialingCode: Type.Optional(DialingCode),
    referralCode: Text(32),
    domain: Text(253),
    registerUrl: Text(500),
    registerMethod: Type.Optional(Type.Literal('WEB')),
    acceptTerms: Type.Boolean(),
    login: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const LoginBody = Type.Object(
  {
    type: Type.Union([Type.Literal('username'), Type.Literal('sms')], { default: 'username' }),
    username: Type.String({ maxLength: 64 }),
    password: Type.Optional(Type.String({ maxLength: 128 })),
    verificationCode: Type.Optional(Type.String({ maxLength: 12 })),
    countryDialingCode: Type.Optional(DialingCode),
    captcha: Type.Optional(Type.String({ maxLength: 12 })),
    portal: Type.Optional(Type.Union([Type.Literal('member'), Type.Literal('agent')])),
  },
  { additionalProperties: false },
);

export const SecondFactorSendBody = Type.Object(
  {
    challengeId: Type.String({ minLength: 10, maxLength: 100 }),
    method: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  },
  { additionalProperties: false },
);

export const SecondFactorBody = Type.Object(
  {
    challengeId: Type.String({ minLength: 10, maxLength: 100 }),
    method: Type.Enum(SECOND_FACTORS),
    code: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

export const RegisterSmsBody = Type.Object(
  { mobileNo: Mobile, countryDialingCode: DialingCode },
  { additionalProperties: false },
);

export const NoLoginSmsBody = Type.Object(
  {
    mobileNum: Mobile,
    countryDialingCode: DialingCode,
    purpose: Type.Union([Type.Literal('login'), Type.Literal('forget')]),
  },
  { additionalProperties: false },
);

export const ChangePasswordBody = Type.Object(
  {
    oldPassword: Type.Optional(Type.String({ maxLength: 128 })),
    newPassword: Type.String({ maxLength: 128 }),
    confirmNewPassword: Type.String({ maxLength: 128 }),
  },
  { additionalProperties: false },
);

export const ResetByMobileBody = Type.Object(
  {
    mobileNum: Mobile,
    countryDialingCode: DialingCode,
    verificationCode: Type.String({ maxLength: 12 }),
    newPassword: Type.String({ maxLength: 128 }),
  },
  { additionalProperties: false },
);

export const ResetByEmailBody = Type.Object(
  { username: Type.String({ minLength: 1, maxLength: 64 }), email: Type.String({ minLength: 3, maxLength: 254 }) },
  { additionalProperties: false },
);

export const ResetByLinkBody = Type.Object(
  {
    token: Type.String({ minLength: 20, maxLength: 100 }),
    newPassword: Type.String({ maxLength: 128 }),
    confirmNewPassword: Type.String({ maxLength: 128 }),
  },
  { additionalProperties: false },
);

export const TotpCodeBody = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{6}$' }) },
  { additionalProperties: false },
);

export const MobileCodeBody = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{4,8}$' }) },
  { additionalProperties: false },
);

export const TotpAlwaysBody = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });

export const LoginSessionSchema = Type.Object({
  status: Type.Literal('OK'),
  token: Type.String(),
  userName: Type.String(),
  account: Type.String(),
  type: Type.Integer(),
  isAgent: Type.Boolean(),
  firstTimeLogin: Type.Boolean(),
  passwordExpired: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
});

export const ChallengeSchema = Type.Object({
  status: Type.Literal('SECOND_FACTOR'),
  challengeId: Type.String(),
  methods: Type.Array(Type.Enum(SECOND_FACTORS)),
  maskedMobile: Type.Union([Type.String(), Type.Null()]),
  maskedEmail: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.Literal('NEW_IP'), Type.Literal('ALWAYS')]),
});

export const CodeSentSchema = Type.Object({ expiredMinutes: Type.Integer() });

export const SecurityInfoSchema = Type.Object({
  totpEnabled: Type.Boolean(),
  totpAlways: Type.Boolean(),
  factors: Type.Array(Type.Enum(SECOND_FACTORS)),
  maskedMobile: Type.Union([Type.String(), Type.Null()]),
  mobileVerified: Type.Boolean(),
  hasPaymentPassword: Type.Boolean(),
  maskedEmail: Type.Union([Type.String(), Type.Null()]),
  recentLogins: Type.Array(Type.Object({ ip: Type.String(), at: Type.String() })),
});
