import type { SecurityInfo } from '@portal/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getSecurityQueryOptions } from './get-security';

export interface SetPaymentPasswordRequest {
  loginPassword: string;
  newPaymentPassword: string;
  confirmPaymentPassword: string;
}

/** Sets or changes the 6-digit payment password; the login password proves it is the member. */
export function setPaymentPassword(request: SetPaymentPasswordRequest, language?: string): Promise<unknown> {
  return apiSend<unknown>('POST', '/wps/member/password/payment', {
    body: request,
    language,
    languageHeaderOnly: true,
  });
}

export function useSetPaymentPassword() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetPaymentPasswordRequest) => setPaymentPassword(request, language),
    onSuccess: () => {
      const { queryKey } = getSecurityQueryOptions();
      queryClient.setQueryData<SecurityInfo>(queryKey, (security) =>
        security ? { ...security, hasPaymentPassword: true } : security,
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
