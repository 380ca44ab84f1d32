import type { CodeSent, NoLoginSmsRequest } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

/** An SMS code for someone not signed in: to log in by SMS, or to reset a forgotten password. */
export function sendNoLoginSms(request: NoLoginSmsRequest, language?: string): Promise<CodeSent> {
  return apiSend<CodeSent>('POST', '/wps/verification/sms/noLogin', { body: request, language });
}

export function useSendNoLoginSms() {
  const language = useLanguage();
  return useMutation({ mutationFn: (request: NoLoginSmsRequest) => sendNoLoginSms(request, language) });
}
