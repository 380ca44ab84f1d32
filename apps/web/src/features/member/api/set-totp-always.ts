import type { SecurityInfo } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getSecurityQueryOptions } from './get-security';

/** Whether the authenticator code is asked at every login, not only from a new address. */
export function setTotpAlways(enabled: boolean, language?: string): Promise<SecurityInfo> {
  return apiSend<SecurityInfo>('PUT', '/wps/member/security/totp/always', { body: { enabled }, language });
}

export function useSetTotpAlways() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setTotpAlways(enabled, language),
    onSuccess: (security) => queryClient.setQueryData(getSecurityQueryOptions().queryKey, security),
  });
}
