import type { CodeSent, SecondFactorSendRequest } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

export function sendSecondFactorCode(request: SecondFactorSendRequest, language?: string): Promise<CodeSent> {
  return apiSend<CodeSent>('POST', '/wps/session/login/second-factor/send', { body: request, language });
}

export function useSendSecondFactorCode() {
  const language = useLanguage();
  return useMutation({ mutationFn: (request: SecondFactorSendRequest) => sendSecondFactorCode(request, language) });
}
