import type { LoginSession, SecondFactorRequest } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

export function verifySecondFactor(request: SecondFactorRequest, language?: string): Promise<LoginSession> {
  return apiSend<LoginSession>('POST', '/wps/session/login/second-factor', { body: request, language });
}

export function useVerifySecondFactor() {
  const language = useLanguage();
  return useMutation({ mutationFn: (request: SecondFactorRequest) => verifySecondFactor(request, language) });
}
