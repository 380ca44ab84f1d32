// The field-pattern catalogue of spec section 5, used by the browser (for quick feedback) and by the server
// (the authority). A rule names a pattern by id; messages are keyed by the same id, with min and max filled in.
import type { Language } from './constants.ts';

export const PATTERN_IDS = [
  'ANY',
  'LETTER_FIRST_ALNUM',
  'KANJI_DIGITS',
  'EMAIL',
  'ALNUM_ONLY',
  'ALNUM_COMBINED',
  'DIGITS',
  'ALNUM_WITH_UPPER',
  'ENGLISH_SPACES',
  'NO_SPACES',
  'CHINESE_PUNCTUATION',
  'DATE_YMD',
  'DATE_MDY',
  'LETTERS_SPACES',
  'KOREAN',
  'THAI',
  'THAI_OR_ENGLISH',
  'UPPER_SPACES',
  'LETTERS_DIGITS_SYMBOLS',
  'STRONG_PASSWORD',
  'FULL_NAME',
  'JAPANESE_FULLWIDTH',
] as const;
export type PatternId = (typeof PATTERN_IDS)[number];

/** Regular-expression sources, read with the `u` flag. Length is checked separately, so patterns say nothing of it. */
export const PATTERNS: Record<PatternId, string> = {
  ANY: '^[\\s\\S]*$',
  LETTER_FIRST_ALNUM: '^[A-Za-z][A-Za-z0-9]*$',
  KANJI_DIGITS: '^[\\p{Script=Han}0-9]+$',
  EMAIL:
    "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
  ALNUM_ONLY: '^[A-Za-z0-9]+$',
  ALNUM_COMBINED: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
  DIGITS: '^[0-9]+$',
  ALNUM_WITH_UPPER: '^(?=.*[A-Z])[A-Za-z0-9]+$',
  ENGLISH_SPACES: '^[A-Za-z]+(?: [A-Za-z]+)*$',
  NO_SPACES: '^\\S+$',
  CHINESE_PUNCTUATION: '^[\\p{Script=Han}\\u3000-\\u303F\\uFF01-\\uFF0F\\uFF1A-\\uFF20·]+$',
  DATE_YMD: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  DATE_MDY: '^(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])-\\d{4}$',
  LETTERS_SPACES: '^[\\p{L}\\p{M}]+(?: [\\p{L}\\p{M}]+)*$',
  KOREAN: '^[\\p{Script=Hangul}]+$',
  THAI: '^[\\p{Script=Thai}]+(?: [\\p{Script=Thai}]+)*$',
  THAI_OR_ENGLISH: '^(?:[\\p{Script=Thai} ]+|[A-Za-z ]+)$',
  UPPER_SPACES: '^[A-Z]+(?: [A-Z]+)*$',
  LETTERS_DIGITS_SYMBOLS: '^[\\x21-\\x7E]+$',
  STRONG_PASSWORD: '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9])[\\x21-\\x7E]+$',
  FULL_NAME: "^[\\p{L}\\p{M}.'-]+(?: [\\p{L}\\p{M}.'-]+)+$",
  // Katakana by block rather than by script: the script also holds the half-width forms (U+FF66-FF9D).
  JAPANESE_FULLWIDTH: '^[\\p{Script=Hiragana}\\u30A0-\\u30FF\\u31F0-\\u31FF\\p{Script=Han}]+$',
};

type Messages = Record<Language, string>;

/** What each pattern asks for. `{length}` is replaced by the length part, e.g. '6-16' or '10'. */
export const PATTERN_MESSAGES: Record<PatternId, Messages> = {
  ANY: { en: 'Enter {length} characters', bn: '{length} অক্ষর লিখুন' },
  LETTER_FIRST_ALNUM: {
    en: '{length} letters or digits, starting with a letter',
    bn: 'অক্ষর দিয়ে শুরু করে {length}টি অক্ষর বা সংখ্যা',
  },
  KANJI_DIGITS: { en: '{length} kanji or digits', bn: '{length}টি কাঞ্জি বা সংখ্যা' },
  EMAIL: { en: 'E-mail format is incorrect', bn: 'ই-মেইলের বিন্যাস সঠিক নয়' },
  ALNUM_ONLY: { en: '{length} letters and digits only', bn: 'শুধু অক্ষর ও সংখ্যা, {length}টি' },
  ALNUM_COMBINED: {
    en: '{length} characters, letters and digits combined',
    bn: '{length}টি অক্ষর, অক্ষর ও সংখ্যা মিলিয়ে',
  },
  DIGITS: { en: '{length} digits only', bn: 'শুধু সংখ্যা, {length}টি' },
  ALNUM_WITH_UPPER: {
    en: '{length} letters and digits with at least one uppercase letter',
    bn: 'অন্তত একটি বড় হাতের অক্ষরসহ {length}টি অক্ষর ও সংখ্যা',
  },
  ENGLISH_SPACES: { en: '{length} English letters and spaces', bn: '{length}টি ইংরেজি অক্ষর ও ফাঁকা স্থান' },
  NO_SPACES: { en: '{length} characters without spaces', bn: 'ফাঁকা স্থান ছাড়া {length}টি অক্ষর' },
  CHINESE_PUNCTUATION: {
    en: '{length} Chinese characters and punctuation',
    bn: '{length}টি চীনা অক্ষর ও বিরামচিহ্ন',
  },
  DATE_YMD: { en: 'Date as yyyy-MM-dd', bn: 'তারিখ yyyy-MM-dd আকারে' },
  DATE_MDY: { en: 'Date as MM-dd-yyyy', bn: 'তারিখ MM-dd-yyyy আকারে' },
  LETTERS_SPACES: { en: '{length} letters and spaces', bn: '{length}টি অক্ষর ও ফাঁকা স্থান' },
  KOREAN: { en: '{length} Korean characters only', bn: 'শুধু কোরীয় অক্ষর, {length}টি' },
  THAI: { en: '{length} Thai characters only', bn: 'শুধু থাই অক্ষর, {length}টি' },
  THAI_OR_ENGLISH: { en: '{length} Thai or English letters', bn: '{length}টি থাই বা ইংরেজি অক্ষর' },
  UPPER_SPACES: { en: '{length} uppercase letters and spaces', bn: '{length}টি বড় হাতের অক্ষর ও ফাঁকা স্থান' },
  LETTERS_DIGITS_SYMBOLS: {
    en: '{length} letters, digits or symbols',
    bn: '{length}টি অক্ষর, সংখ্যা বা চিহ্ন',
  },
  STRONG_PASSWORD: {
    en: '{length} characters with an uppercase letter, a lowercase letter, a digit and a symbol',
    bn: 'বড় হাতের অক্ষর, ছোট হাতের অক্ষর, সংখ্যা ও চিহ্নসহ {length}টি অক্ষর',
  },
  FULL_NAME: { en: 'Real name format is incorrect', bn: 'আসল নামের বিন্যাস সঠিক নয়' },
  JAPANESE_FULLWIDTH: {
    en: '{length} full-width Hiragana, Katakana or Kanji',
    bn: '{length}টি পূর্ণ-প্রস্থ হিরাগানা, কাতাকানা বা কাঞ্জি',
  },
};

/** Server-supplied rule of one registration field (spec section 3, registration-field configuration). */
export interface FieldRule {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: PatternId;
  minLength: number;
  maxLength: number;
}

/** Why a value failed its rule; the caller turns it into text with `ruleMessage`. */
export type RuleFailure =
  | { kind: 'required' }
  | { kind: 'pattern'; patternId: PatternId; minLength: number; maxLength: number };

const compiled = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, 'u');
    compiled.set(source, re);
  }
  return re;
}

/** Checks a value against a rule. An empty optional value passes. Values are compared as given (trim first). */
export function checkRule(rule: FieldRule, value: string | undefined | null): RuleFailure | null {
  const text = value ?? '';
  if (text === '') return rule.required ? { kind: 'required' } : null;
  const length = [...text].length;
  const fits = length >= rule.minLength && length <= rule.maxLength && regex(rule.acceptedPattern).test(text);
  return fits
    ? null
    : { kind: 'pattern', patternId: rule.patternId, minLength: rule.minLength, maxLength: rule.maxLength };
}

/** The length part of a message: a single number when min equals max (spec section 5). */
export function lengthText(minLength: number, maxLength: number): string {
  return minLength === maxLength ? String(minLength) : `${minLength}-${maxLength}`;
}

export function patternMessage(patternId: PatternId, minLength: number, maxLength: number, language: Language) {
  return PATTERN_MESSAGES[patternId][language].replace('{length}', lengthText(minLength, maxLength));
}

/** The text of a failure. Required uses the same text as the pattern (spec section 5). */
export function ruleMessage(rule: FieldRule, language: Language): string {
  return patternMessage(rule.patternId, rule.minLength, rule.maxLength, language);
}

/** A rule from a catalogue pattern. */
export function rule(patternId: PatternId, minLength: number, maxLength: number, options: Partial<FieldRule> = {}) {
  return {
    enabled: true,
    required: true,
    acceptedPattern: PATTERNS[patternId],
    patternId,
    minLength,
    maxLength,
    ...options,
  } satisfies FieldRule;
}

/** Whole years between a yyyy-MM-dd birthday and today (UTC dates). */
export function ageOn(birthday: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}
