import type { SystemStatus } from '@portal/shared/api';
import type { Language } from '@portal/shared/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';

/** The maintenance message comes back in the requested language. */
export function getStatus(host: string, language: Language, signal?: AbortSignal): Promise<SystemStatus> {
  return apiGet<SystemStatus>('/wps/system/status', { params: { url: host }, language, signal });
}

export function getStatusQueryOptions(language: Language, host: string = window.location.host) {
  return queryOptions({
    queryKey: ['system', 'status', host, language],
    queryFn: ({ signal }) => getStatus(host, language, signal),
    staleTime: 60_000,
    // A language switch refetches; the app stays on screen meanwhile instead of blanking.
    placeholderData: keepPreviousData,
  });
}

export function useStatus() {
  const language = useLanguage();
  return useQuery(getStatusQueryOptions(language));
}
