import type { TotpSetup } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

/** A new authenticator secret with its QR code; it counts only once a code from the app enables it. */
export function setupTotp(language?: string): Promise<TotpSetup> {
  return apiSend<TotpSetup>('POST', '/wps/member/security/totp/setup', { language });
}

export function useSetupTotp() {
  const language = useLanguage();
  return useMutation({ mutationFn: () => setupTotp(language) });
}
