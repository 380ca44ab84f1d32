import type { LoginSession, RegisterRequest, RegistrationType } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

const REGISTER_PATHS: Record<RegistrationType, string> = {
  register: '/wps/member/register',
  registerMobile: '/wps/member/register/mobile',
};

/** Creates the account and signs it in (login: true): the answer is the new session. */
export function register(type: RegistrationType, request: RegisterRequest, language?: string): Promise<LoginSession> {
  return apiSend<LoginSession>('PUT', REGISTER_PATHS[type], { body: request, language });
}

export function useRegister() {
  const language = useLanguage();
  return useMutation({
    mutationFn: ({ type, request }: { type: RegistrationType; request: RegisterRequest }) =>
      register(type, request, language),
  });
}
