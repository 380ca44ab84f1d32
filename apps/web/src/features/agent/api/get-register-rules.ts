import type { RegisterSettings } from '@portal/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/**
 * The brand's registration rules (the same call and cache key the registration form uses), for the account name and
 * password of a downline the agent opens: the server checks the same rules.
 */
export function getRegisterRulesQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'register-settings'],
    queryFn: ({ signal }) => apiGet<RegisterSettings>('/wps/system/setting/register', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useRegisterRules() {
  return useQuery(getRegisterRulesQueryOptions());
}
