// Mobile numbers as players type them (`01743529090`, `1743529090`, `+880 1743-529090`), checked per country with
// libphonenumber-js. Its `mobile` metadata build holds the mobile patterns of every country and nothing else, so a
// number it calls valid is a mobile number of that country: a landline or an unknown operator prefix is refused.
// The browser (for quick feedback) and the server (the authority) use this one module.
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import type { Language } from './constants.ts';
import { errorMessage } from './error-catalogue.ts';
import { MOBILE_INPUT_MAX_LENGTH } from './phone-input.ts';

/**
 * A mobile number as stored: the country dialing code (`880`) and the national significant number (`1743529090`),
 * ASCII digits without the national prefix, so one phone has one stored form whichever way it was typed.
 */
export interface MobileNumber {
  countryDialingCode: string;
  nationalNumber: string;
}

export { MOBILE_INPUT_MAX_LENGTH };

/** Digits, with an optional leading `+`, and single spaces or dashes between them. */
const TYPED = /^\+?[0-9]+(?:[ -][0-9]+)*$/;
/** A Bengali keyboard types Bengali digits (০-৯, U+09E6-U+09EF); they mean the same numbers. */
const BENGALI_DIGIT = /[\u09E6-\u09EF]/g;
const DIALING_CODE = /^[0-9]{1,4}$/;

function asciiDigits(text: string): string {
  return text.replace(BENGALI_DIGIT, (digit) => String((digit.codePointAt(0) as number) - 0x09e6));
}

/**
 * The stored form of a number typed for a country dialing code, or null when it is not a valid mobile number of
 * that country. Accepted: the local form with its national prefix, the national significant number, and the
 * international form with or without `+`, each with spaces or dashes. A number of another country (`+91…` while
 * `880` is chosen) is refused rather than moved to that country behind the player's back.
 */
export function parseMobile(typed: string, countryDialingCode: string): MobileNumber | null {
  const text = asciiDigits(typed.trim());
  if (text.length > MOBILE_INPUT_MAX_LENGTH || !TYPED.test(text) || !DIALING_CODE.test(countryDialingCode)) {
    return null;
  }
  const digits = text.replace(/[ -]/g, '');
  let number: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    // The library's own parser is lenient (it extracts numbers from prose and reads letters as keypad digits);
    // the text has been checked above, so only digits reach it.
    number = parsePhoneNumberFromString(digits, { defaultCallingCode: countryDialingCode });
  } catch {
    return null;
  }
  if (!number || number.countryCallingCode !== countryDialingCode || !number.isValid()) return null;
  return { countryDialingCode, nationalNumber: number.nationalNumber };
}

/**
 * A stored number the way it is dialled inside its country (`01743529090`): digits only, the national prefix
 * included. A stored number the library cannot read (an old row) is shown as stored.
 */
export function formatMobileLocal(countryDialingCode: string | null, nationalNumber: string): string {
  if (!countryDialingCode || !DIALING_CODE.test(countryDialingCode) || !/^[0-9]+$/.test(nationalNumber)) {
    return nationalNumber;
  }
  const number = parsePhoneNumberFromString(`+${countryDialingCode}${nationalNumber}`);
  return number ? number.formatNational().replace(/[^0-9]/g, '') : nationalNumber;
}

/** The local form with all but its first three and last three digits hidden (`017*****090`). */
export function maskMobileLocal(countryDialingCode: string | null, nationalNumber: string): string {
  const local = formatMobileLocal(countryDialingCode, nationalNumber);
  if (local.length <= 6) return `${'*'.repeat(Math.max(0, local.length - 2))}${local.slice(-2)}`;
  return `${local.slice(0, 3)}${'*'.repeat(local.length - 6)}${local.slice(-3)}`;
}

/**
 * What a mobile field says when its number is not valid: the error catalogue's text for a bad phone number (spec
 * section 8), the same in the browser and in the server's answer.
 */
export function mobileInvalidMessage(language: Language): string {
  return errorMessage('PHONE_INVALID', language);
}
