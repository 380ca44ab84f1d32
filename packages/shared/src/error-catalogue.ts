// Stable error codes with the texts the player reads (spec section 8), in every supported language.
import type { Language } from './constants.ts';

export const ERROR_CATALOGUE = {
  VALIDATION: { en: 'The request is not valid: {detail}', bn: 'অনুরোধটি সঠিক নয়: {detail}' },
  NOT_FOUND: { en: 'Not found', bn: 'পাওয়া যায়নি' },
  NOT_LOGGED_IN: { en: 'You are not logged in, please login', bn: 'আপনি লগইন করেননি, অনুগ্রহ করে লগইন করুন' },
  FORBIDDEN: { en: 'You are not allowed to do this', bn: 'আপনার এটি করার অনুমতি নেই' },
  BAD_CREDENTIALS: { en: 'Please enter the username and password', bn: 'অনুগ্রহ করে ব্যবহারকারীর নাম ও পাসওয়ার্ড দিন' },
  LOGIN_FAILED: { en: 'Login failure. Please try again.', bn: 'লগইন ব্যর্থ হয়েছে। আবার চেষ্টা করুন।' },
  RATE_LIMITED: {
    en: 'Too many requests, please try again after 5 minutes.',
    bn: 'অনেক বেশি অনুরোধ, অনুগ্রহ করে ৫ মিনিট পরে আবার চেষ্টা করুন।',
  },
  PAYLOAD_TOO_LARGE: { en: 'The request is too large', bn: 'অনুরোধটি খুব বড়' },
  SERVICE_UNAVAILABLE: {
    en: 'Network link is abnormal, please try again',
    bn: 'নেটওয়ার্ক সংযোগ অস্বাভাবিক, অনুগ্রহ করে আবার চেষ্টা করুন',
  },
  MAINTENANCE: { en: 'The site is under maintenance', bn: 'সাইটটি রক্ষণাবেক্ষণে আছে' },
  REGION_BLOCKED: {
    en: 'Access from your region is restricted',
    bn: 'আপনার অঞ্চল থেকে প্রবেশ সীমাবদ্ধ',
  },
  UNKNOWN: { en: 'Unknown error', bn: 'অজানা ত্রুটি' },
} as const satisfies Record<string, Record<Language, string>>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export function errorMessage(code: ErrorCode, language: Language, params: Record<string, string> = {}): string {
  const template: string = ERROR_CATALOGUE[code][language];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}
