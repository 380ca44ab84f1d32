import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/**
 * What to tell the member about a failed call: no answer (offline, timeout) in their language with what to do,
 * otherwise the server's translated message, or a generic one.
 */
export function failureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 0) return t('wallet.errors.network');
  if (error instanceof ApiError && error.message && error.code !== 'BAD_RESPONSE') return error.message;
  return t('common.unexpected');
}
