import type { ResetByMobileRequest, ResetDone } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

/** Sets a new password with an SMS code; the answer names the account to sign in with. */
export function resetPasswordByMobile(request: ResetByMobileRequest, language?: string): Promise<ResetDone> {
  return apiSend<ResetDone>('POST', '/wps/member/password/verification', { body: request, language });
}

export function useResetPasswordByMobile() {
  const language = useLanguage();
  return useMutation({ mutationFn: (request: ResetByMobileRequest) => resetPasswordByMobile(request, language) });
}
