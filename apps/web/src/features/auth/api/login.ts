import type { LoginAnswer, LoginRequest } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

/** A session, or a second-factor challenge to answer first. */
export function login(request: LoginRequest, language?: string): Promise<LoginAnswer> {
  return apiSend<LoginAnswer>('POST', '/wps/session/login', { body: request, language });
}

export function useLogin() {
  const language = useLanguage();
  return useMutation({ mutationFn: (request: LoginRequest) => login(request, language) });
}
