import type { Language } from '@portal/shared/constants';
import { ERROR_CATALOGUE, type ErrorCode, errorMessage } from '@portal/shared/error-catalogue';
import { checkRule, type FieldRule, ruleMessage } from '@portal/shared/validation';
import { ApiError } from '@/lib/api-client';

export type FieldErrors = Partial<Record<string, string>>;

/** The message of a value that breaks its rule, in the player's language; null when it is fine. */
export function ruleError(
  rule: FieldRule,
  value: string,
  language: Language,
  required: boolean = rule.required,
): string | null {
  return checkRule({ ...rule, required }, value) ? ruleMessage(rule, language) : null;
}

/** A text of the shared error catalogue (spec section 8), the same one the server answers with. */
export function catalogueText(code: ErrorCode, language: Language, params: Record<string, string> = {}): string {
  return errorMessage(code, language, params);
}

export function isCatalogueCode(code: string): code is ErrorCode {
  return code in ERROR_CATALOGUE;
}

/** The field a refused request names (400 FIELD_INVALID carries value.field), if any. */
export function invalidField(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'FIELD_INVALID') return null;
  const value = error.value as { field?: unknown } | undefined;
  return typeof value?.field === 'string' ? value.field : null;
}

/** A failed login asks for the captcha from now on. */
export function demandsCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const value = error.value as { captchaRequired?: unknown } | undefined;
  return value?.captchaRequired === true || error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID';
}

/**
 * Which field a refused request is about: the named field of FIELD_INVALID, or the field a known code is
 * always about. Null: the message belongs to the whole form.
 */
export function fieldOfError(error: unknown, fieldByCode: Partial<Record<string, string>> = {}): string | null {
  const named = invalidField(error);
  if (named) return named;
  if (error instanceof ApiError) return fieldByCode[error.code] ?? null;
  return null;
}

/** The text to show for a failure: the server's translated message, or a generic one. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
