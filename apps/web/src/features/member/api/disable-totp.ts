import type { SecurityInfo } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getSecurityQueryOptions } from './get-security';

export function disableTotp(code: string, language?: string): Promise<SecurityInfo> {
  return apiSend<SecurityInfo>('POST', '/wps/member/security/totp/disable', { body: { code }, language });
}

export function useDisableTotp() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => disableTotp(code, language),
    onSuccess: (security) => queryClient.setQueryData(getSecurityQueryOptions().queryKey, security),
  });
}
