import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';

export type SandboxOutcome = 'paid' | 'failed';

/** The sandbox gateway's test page reports what the "payer" chose; the gateway then calls the portal back. */
export function completeSandboxPayment(providerRef: string, outcome: SandboxOutcome, language?: string) {
  return apiSend<unknown>('POST', `/sandbox/payments/${encodeURIComponent(providerRef)}/complete`, {
    body: { outcome },
    language,
    languageHeaderOnly: true,
  });
}

export function useCompleteSandboxPayment(providerRef: string) {
  const language = useLanguage();
  return useMutation({
    mutationFn: (outcome: SandboxOutcome) => completeSandboxPayment(providerRef, outcome, language),
  });
}
