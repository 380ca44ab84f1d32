import type { LoginSession } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

/** Signs in a new trial account (member type 4). */
export function loginFreeplay(language?: string): Promise<LoginSession> {
  return apiSend<LoginSession>('POST', '/wps/session/login/freeplay', { language });
}

export function useLoginFreeplay() {
  const language = useLanguage();
  return useMutation({ mutationFn: () => loginFreeplay(language) });
}
