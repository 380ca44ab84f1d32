import type { CodeSent, SecurityInfo } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getSecurityQueryOptions } from './get-security';

export function sendMobileVerification(language?: string): Promise<CodeSent> {
  return apiSend<CodeSent>('POST', '/wps/member/security/mobile/code', { language });
}

export function verifyMobile(code: string, language?: string): Promise<SecurityInfo> {
  return apiSend<SecurityInfo>('POST', '/wps/member/security/mobile/verify', { body: { code }, language });
}

export function useVerifyMobile() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => verifyMobile(code, language),
    onSuccess: (security) => queryClient.setQueryData(getSecurityQueryOptions().queryKey, security),
  });
}
