// The contract of accounts and sign-in (spec sections 3, 4, 7): request and answer shapes of every call.
import type { FieldRule } from './validation.ts';

/** Fields of the registration record (spec section 3) that the server configures, plus the birthday check. */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'birthday',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/**
 * Fields that are neither the account nor its password, mobile, codes or birthday: shown and checked only when
 * their rule is enabled, in the order of the registration record.
 */
export const OPTIONAL_REGISTER_FIELDS = [
  'payeeName',
  'email',
  'qqNum',
  'recommenderId',
  'affiliateCode',
  'paymentPassword',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
] as const satisfies readonly RegisterField[];

export const REGISTRATION_TYPES = ['register', 'registerMobile'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

/** GET /wps/system/setting/register */
export interface RegisterSettings {
  /** The offered types, in tab order; the switcher shows only when there are two. */
  types: RegistrationType[];
  defaultType: RegistrationType;
  fields: Record<RegisterField, FieldRule>;
  /** Image captcha on registration and login (brand setting). */
  captchaEnabled: boolean;
  /** SMS code demanded at registration by mobile (REGMOBVERF3). */
  smsVerification: boolean;
  /** Registration by mobile also sets a password (MOBILENUMPASSREG3). */
  mobileWithPassword: boolean;
  minimumAge: number;
  /** When true the birthday field is shown and must give at least minimumAge years. */
  birthdayCheck: boolean;
  countryDialingCodes: string[];
  defaultCountryDialingCode: string;
}

/** PUT /wps/member/register and /wps/member/register/mobile. Absent optional fields are simply not sent. */
export interface RegisterRequest {
  username?: string;
  password?: string;
  confirmPassword?: string;
  payeeName?: string;
  email?: string;
  qqNum?: string;
  mobileNum?: string;
  countryDialingCode?: string;
  recommenderId?: string;
  captcha?: string;
  verificationCode?: string;
  affiliateCode?: string;
  referralCode?: string;
  paymentPassword?: string;
  line?: string;
  whatsapp?: string;
  facebook?: string;
  wechat?: string;
  idNumber?: string;
  birthday?: string;
  domain?: string;
  registerUrl?: string;
  registerMethod?: 'WEB';
  /** The terms box; registration stops with 'not empty?' unless it is true. */
  acceptTerms: boolean;
  /** Always true: the new member is signed in. */
  login?: boolean;
}

/** Which door a login comes through: the player pages or the agent pages. */
export type LoginPortal = 'member' | 'agent';

/** POST /wps/session/login */
export interface LoginRequest {
  type: 'username' | 'sms';
  /** Account name, or the mobile number for type 'sms'. */
  username: string;
  password?: string;
  verificationCode?: string;
  countryDialingCode?: string;
  captcha?: string;
  portal?: LoginPortal;
}

/** A signed-in session. The token is also set as an httpOnly cookie; browsers never need to read it. */
export interface LoginSession {
  status: 'OK';
  token: string;
  userName: string;
  account: string;
  /** Member type (spec section 9): 0 player, 1 and 2 agents, 4 trial, 41 and 42 agents who also play. */
  type: number;
  isAgent: boolean;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  /** Password is exactly 123456, or expired with PWDEXPFORCECHANGE3 on: the change-password modal must open. */
  mustChangePassword: boolean;
}

export const SECOND_FACTORS = ['totp', 'sms', 'email', 'bankName'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** Login answer when a second factor is needed (new address, or the member asked for the app every time). */
export interface SecondFactorChallenge {
  status: 'SECOND_FACTOR';
  challengeId: string;
  methods: SecondFactor[];
  /** Masked destinations, e.g. '+880 ******7890', 'a***@example.com'. */
  maskedMobile: string | null;
  maskedEmail: string | null;
  reason: 'NEW_IP' | 'ALWAYS';
}

export type LoginAnswer = LoginSession | SecondFactorChallenge;

/** POST /wps/session/login/second-factor/send: sends a code by SMS or e-mail. */
export interface SecondFactorSendRequest {
  challengeId: string;
  method: 'sms' | 'email';
}

/** POST /wps/session/login/second-factor */
export interface SecondFactorRequest {
  challengeId: string;
  method: SecondFactor;
  /** The code, or the bank account name for 'bankName'. */
  code: string;
}

/** Answer of the SMS and e-mail code calls. */
export interface CodeSent {
  expiredMinutes: number;
}

/** POST /wps/verification/sms/register */
export interface RegisterSmsRequest {
  mobileNo: string;
  countryDialingCode: string;
}

/** POST /wps/verification/sms/noLogin */
export interface NoLoginSmsRequest {
  mobileNum: string;
  countryDialingCode: string;
  purpose: 'login' | 'forget';
}

/** GET /wps/agent/affiliate?code=&domain= */
export interface AffiliateCheck {
  valid: true;
  agent: string;
}

/** GET /wps/member/info */
export interface MemberInfo {
  id: number;
  account: string;
  nickname: string | null;
  type: number;
  isAgent: boolean;
  /** Agent may transfer to a downline; a member with an upline may transfer to it. */
  toUpline: boolean;
  clubLabel: { labelName: string; rankLevel: number };
  memberLabel: { labelName: string }[];
  email: string | null;
  mobileNum: string | null;
  countryDialingCode: string | null;
  payeeName: string | null;
  inviteCode: string;
  upline: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  mustChangePassword: boolean;
}

/** GET /wps/member/info/icon and /wps/relay/MCSFE_getPlayerAvatar */
export interface MemberIcon {
  icon: string;
}

/** POST /wps/member/password */
export interface ChangePasswordRequest {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** POST /wps/member/password/verification (forgot by mobile). */
export interface ResetByMobileRequest {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
}
/** Answer of a reset: the account to sign in with the new password. */
export interface ResetDone {
  account: string;
}

/** POST /wps/member/password/email, form-encoded: username, email. */
export interface ResetByEmailRequest {
  username: string;
  email: string;
}

/** POST /wps/member/password/reset: the link of the e-mail carries the token. */
export interface ResetByTokenRequest {
  token: string;
  newPassword: string;
  confirmNewPassword: string;
}

/** GET /wps/member/security */
export interface SecurityInfo {
  totpEnabled: boolean;
  /** The authenticator app is asked for at every login, not only from new addresses. */
  totpAlways: boolean;
  /** Second factors this member has set up. */
  factors: SecondFactor[];
  maskedMobile: string | null;
  /** The mobile number was proved with an SMS code; only then does it sign in, reset or receive login codes. */
  mobileVerified: boolean;
  maskedEmail: string | null;
  /** A 6-digit payment password guards withdrawals, transfers and bound accounts. */
  hasPaymentPassword: boolean;
  recentLogins: { ip: string; at: string }[];
}

/** POST /wps/member/security/totp/setup */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  /** PNG data URL of the QR code of otpauthUrl. */
  qrCode: string;
}
