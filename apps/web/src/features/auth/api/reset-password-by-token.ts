import type { ResetByTokenRequest } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

/** Sets a new password with the token of the e-mailed link (/forget?resetToken=...). */
export function resetPasswordByToken(request: ResetByTokenRequest, language?: string): Promise<void> {
  return apiSend<void>('POST', '/wps/member/password/reset', { body: request, language });
}

export function useResetPasswordByToken() {
  const language = useLanguage();
  return useMutation({ mutationFn: (request: ResetByTokenRequest) => resetPasswordByToken(request, language) });
}
