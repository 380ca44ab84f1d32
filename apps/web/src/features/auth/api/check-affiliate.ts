import type { AffiliateCheck } from '@portal/shared/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/**
 * Checks an invitation code; an unknown code is a 400 INVITATION_CODE_ERROR. The call's query takes only code
 * and domain, so the language goes in the Accept-Language header alone.
 */
export function checkAffiliate(code: string, domain: string, language?: string, signal?: AbortSignal) {
  return apiGet<AffiliateCheck>('/wps/agent/affiliate', {
    params: { code, domain },
    language,
    languageHeaderOnly: true,
    signal,
  });
}

/** Asked once per submit with fetchQuery, so a code fixed by the operator is seen at once. */
export function getAffiliateQueryOptions(code: string, domain: string, language?: string) {
  return queryOptions({
    queryKey: ['auth', 'affiliate', code, domain, language],
    queryFn: ({ signal }) => checkAffiliate(code, domain, language, signal),
    staleTime: 0,
    retry: false,
  });
}
