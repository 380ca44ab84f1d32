import type { CodeSent, RegisterSmsRequest } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

export function sendRegisterSms(request: RegisterSmsRequest, language?: string): Promise<CodeSent> {
  return apiSend<CodeSent>('POST', '/wps/verification/sms/register', { body: request, language });
}

export function useSendRegisterSms() {
  const language = useLanguage();
  return useMutation({ mutationFn: (request: RegisterSmsRequest) => sendRegisterSms(request, language) });
}
