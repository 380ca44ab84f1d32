import { DEFAULT_CURRENCY_SYMBOL } from '@portal/shared/constants';
import type { Static } from 'typebox';
import type { SettingKey, SettingValue, StoredFieldRuleSchema } from './settings-schema.ts';

type StoredFieldRule = Static<typeof StoredFieldRuleSchema>;

const field = (
  patternId: StoredFieldRule['patternId'],
  minLength: number,
  maxLength: number,
  enabled = true,
  required = true,
): StoredFieldRule => ({ enabled, required, patternId, minLength, maxLength });

/**
 * Registration for a Bangladeshi audience: mobile numbers of +880 by default, e-mail optional. The mobile number's
 * pattern here is not used: the shared phone module checks numbers per country (its switches still apply).
 */
const DEFAULT_REGISTRATION: SettingValue<'registration'> = {
  fields: {
    username: field('LETTER_FIRST_ALNUM', 4, 16),
    password: field('ALNUM_COMBINED', 6, 20),
    confirmPassword: field('ALNUM_COMBINED', 6, 20),
    payeeName: field('LETTERS_SPACES', 2, 50, false, false),
    email: field('EMAIL', 6, 254, true, false),
    qqNum: field('DIGITS', 5, 12, false, false),
    mobileNum: field('DIGITS', 10, 10, true, false),
    recommenderId: field('LETTER_FIRST_ALNUM', 4, 16, false, false),
    captcha: field('ALNUM_ONLY', 4, 4),
    verificationCode: field('DIGITS', 6, 6),
    affiliateCode: field('ALNUM_ONLY', 6, 16, true, false),
    paymentPassword: field('DIGITS', 6, 6, false, false),
    line: field('NO_SPACES', 3, 50, false, false),
    whatsapp: field('DIGITS', 8, 15, false, false),
    facebook: field('NO_SPACES', 3, 50, false, false),
    wechat: field('NO_SPACES', 3, 50, false, false),
    idNumber: field('ALNUM_ONLY', 6, 20, false, false),
    birthday: field('DATE_YMD', 10, 10, false, false),
  },
  countryDialingCodes: ['880', '91', '977', '94'],
  defaultCountryDialingCode: '880',
  codeExpiredMinutes: 5,
  birthdayCheck: false,
  passwordMaxAgeDays: 90,
};

/** Values used until an operator stores their own; the seed writes them on first start. */
export const DEFAULT_SETTINGS: { [K in SettingKey]: SettingValue<K> } = {
  brand: {
    brandName: 'Lucky Portal',
    currencySymbol: DEFAULT_CURRENCY_SYMBOL,
    languages: ['bn', 'en'],
    defaultLanguage: 'bn',
    loginedToHomePage: false,
    captchaEnabled: true,
    minimumAge: 18,
    socialLinks: { facebook: 'https://facebook.com/luckyportal', telegram: 'https://t.me/luckyportal' },
    licences: [
      {
        code: 'MGA',
        name: { en: 'Malta Gaming Authority', bn: 'মাল্টা গেমিং অথরিটি' },
        text: {
          en: 'Licensed and regulated by the Malta Gaming Authority.',
          bn: 'মাল্টা গেমিং অথরিটি কর্তৃক লাইসেন্সপ্রাপ্ত ও নিয়ন্ত্রিত।',
        },
      },
      {
        code: 'BVI',
        name: {
          en: 'British Virgin Islands Financial Services Commission',
          bn: 'ব্রিটিশ ভার্জিন আইল্যান্ডস আর্থিক সেবা কমিশন',
        },
        text: {
          en: 'Registered with the British Virgin Islands Financial Services Commission.',
          bn: 'ব্রিটিশ ভার্জিন আইল্যান্ডস আর্থিক সেবা কমিশনে নিবন্ধিত।',
        },
      },
      {
        code: 'PAGCOR',
        name: { en: 'Philippine Amusement and Gaming Corporation', bn: 'ফিলিপাইন অ্যামিউজমেন্ট অ্যান্ড গেমিং কর্পোরেশন' },
        text: {
          en: 'Authorised by the Philippine Amusement and Gaming Corporation (PAGCOR).',
          bn: 'ফিলিপাইন অ্যামিউজমেন্ট অ্যান্ড গেমিং কর্পোরেশন (PAGCOR) কর্তৃক অনুমোদিত।',
        },
      },
    ],
    copyright: {
      en: 'Copyright © 2026 Lucky Portal. All rights reserved.',
      bn: 'কপিরাইট © ২০২৬ লাকি পোর্টাল। সর্বস্বত্ব সংরক্ষিত।',
    },
  },
  maintenance: {
    enabled: false,
    endAt: null,
    message: {
      en: 'We are upgrading the portal. Your balance is safe; please come back soon.',
      bn: 'আমরা পোর্টালটি উন্নত করছি। আপনার ব্যালেন্স নিরাপদ আছে; অনুগ্রহ করে একটু পরে আবার আসুন।',
    },
  },
  regionBlock: { countries: [], ipRanges: [] },
  customerService: [
    { csPosition: 'RIGHT', csType: 'LIVECHAT', path: '/help#contact', title: { en: 'Live chat', bn: 'লাইভ চ্যাট' } },
    { csPosition: 'RIGHT', csType: 'VIP', path: '/help#contact', title: { en: 'VIP service', bn: 'ভিআইপি সেবা' } },
  ],
  resources: [
    { resourceType: 'ANDROID', url: '/down#android', qrCodeUrl: null },
    { resourceType: 'IOS', url: '/down#ios', qrCodeUrl: null },
    { resourceType: 'IOS_LITE', url: '/down#lite', qrCodeUrl: null },
  ],
  whitelabel: [
    { modId: 'HOME', enabled: true, childrenNodes: [] },
    {
      modId: 'GAMES',
      enabled: true,
      childrenNodes: ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'].map((modId) => ({
        modId,
        enabled: true,
        childrenNodes: [],
      })),
    },
    { modId: 'PROMOTION', enabled: true, childrenNodes: [] },
    { modId: 'VIP', enabled: true, childrenNodes: [] },
    { modId: 'POINTMALL', enabled: true, childrenNodes: [] },
    { modId: 'DOWNLOAD', enabled: true, childrenNodes: [] },
    { modId: 'MEMBERCENTER', enabled: true, childrenNodes: [] },
    { modId: 'AGENTCENTER', enabled: true, childrenNodes: [] },
  ],
  integrations: { gtagId: null, domainRoute: null, imageCDNs: [], launchGameCDNs: [] },
  gameTypes: [
    { gameType: 'RNG', isHot: true, enabled: true },
    { gameType: 'LIVE', isHot: false, enabled: true },
    { gameType: 'SPORTS', isHot: false, enabled: true },
    { gameType: 'ESPORTS', isHot: false, enabled: true },
    { gameType: 'FISH', isHot: false, enabled: true },
    { gameType: 'PVP', isHot: false, enabled: true },
    { gameType: 'LOTT', isHot: false, enabled: true },
    { gameType: 'ELOTT', isHot: false, enabled: true },
    { gameType: 'COCKFIGHT', isHot: false, enabled: true },
  ],
  registration: DEFAULT_REGISTRATION,
  wallet: {
    withdrawalMinAmount: '100.00',
    withdrawalMaxAmount: '50000.00',
    withdrawalConfirmMinutes: 30,
    depositTurnoverPercent: 100,
    payoutAccountLimit: 5,
    transfersEnabled: true,
  },
  agentContracts: {
    platformFeeRate: '10.00',
    depositFeeRate: '1.00',
    withdrawalFeeRate: '1.00',
    minActiveMembers: { dividend: 5, dailyWage: 1, hourlySalary: 1, realTimeSalary: 0 },
    minPayout: '10.00',
  },
};

export const DEFAULT_FLAGS = {
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  REGMOBVERF3: true,
  MOBILENUMPASSREG3: true,
  FREEPLAY3: true,
  PWDEXPFORCECHANGE3: false,
  MOBILEVERCODELOGIN3: true,
  DIRECTREG3: true,
  MANPLAYREB3: false,
  CHNGPASSVERIF3: true,
  CHNGPASSMAIL3: true,
  DIVCONTRACT3: true,
  DAILYSALCONTRACT3: true,
  HOURSALCONTRACT3: true,
  REALTIMESALCONTRACT3: true,
};
