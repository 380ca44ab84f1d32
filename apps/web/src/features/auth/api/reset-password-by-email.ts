import type { ResetByEmailRequest } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

/** Mails a reset link. The spec's call is a form POST, not JSON. */
export function resetPasswordByEmail(request: ResetByEmailRequest, language?: string): Promise<void> {
  return apiSend<void>('POST', '/wps/member/password/email', {
    form: { username: request.username, email: request.email },
    language,
  });
}

export function useResetPasswordByEmail() {
  const language = useLanguage();
  return useMutation({ mutationFn: (request: ResetByEmailRequest) => resetPasswordByEmail(request, language) });
}
