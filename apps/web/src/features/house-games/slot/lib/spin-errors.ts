import type { Language } from '@portal/shared/constants';
import { ERROR_CATALOGUE, type ErrorCode, errorMessage } from '@portal/shared/error-catalogue';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/** A spin that got no answer may have been played: it is retried with the same round key, never a new one. */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** What to tell the player about a failed spin, in the game's language, with what to do next. */
export function spinFailureText(error: unknown, language: Language, t: TFunction): string {
  if (isUnanswered(error)) return t('houseSlot.errors.network');
  if (error instanceof ApiError) {
    // The catalogue's text in the game's language; codes with details keep the server's own (translated) message.
    if (error.code in ERROR_CATALOGUE && !/\{\w+\}/.test(ERROR_CATALOGUE[error.code as ErrorCode][language])) {
      return errorMessage(error.code as ErrorCode, language);
    }
    if (error.message && error.code !== 'BAD_RESPONSE') return error.message;
  }
  return t('common.unexpected');
}
