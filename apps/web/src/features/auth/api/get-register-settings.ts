import type { RegisterSettings } from '@portal/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getRegisterSettings(signal?: AbortSignal): Promise<RegisterSettings> {
  return apiGet<RegisterSettings>('/wps/system/setting/register', { signal });
}

export function getRegisterSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'register-settings'],
    queryFn: ({ signal }) => getRegisterSettings(signal),
    staleTime: 5 * 60_000,
  });
}

/** Field rules, registration types and dialing codes; also the password rule of every password form. */
export function useRegisterSettings(enabled = true) {
  return useQuery({ ...getRegisterSettingsQueryOptions(), enabled });
}
