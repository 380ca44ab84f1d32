import type { Language } from '@portal/shared/constants';
import { mobileInvalidMessage, parseMobile } from '@portal/shared/phone';
import { catalogueText } from './form-errors';

// Kept apart from form-errors.ts: the phone library's metadata goes only into the chunks of the forms that ask for
// a number (registration, login by SMS, reset by mobile), never into the home page's first scripts.

/**
 * What a mobile field says about the text typed in it, checked by the shared phone module the server uses:
 * null for a valid mobile number of the chosen country (typed `01743529090`, `1743529090` or `+8801743529090`).
 * An empty field says `missing` (the registration form passes the same text as a bad number, as its rules do).
 */
export function mobileError(
  typed: string,
  dialingCode: string,
  language: Language,
  missing: string | null = catalogueText('PHONE_MISSING', language),
): string | null {
  if (!typed.trim()) return missing;
  return parseMobile(typed, dialingCode) ? null : mobileInvalidMessage(language);
}

/** The stored form of a number the field accepted (`1743529090`), as the forms send it. */
export function mobileToSend(typed: string, dialingCode: string): string {
  return parseMobile(typed, dialingCode)?.nationalNumber ?? typed.trim();
}
