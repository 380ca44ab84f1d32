import type { PermissionInfo } from '@portal/shared/api';
import type { Language } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';

export function getPermission(host: string, language: Language, signal?: AbortSignal): Promise<PermissionInfo> {
  return apiGet<PermissionInfo>('/wps/system/permission', { params: { url: host }, language, signal });
}

export function getPermissionQueryOptions(language: Language, host: string = window.location.host) {
  return queryOptions({
    queryKey: ['system', 'permission', host, language],
    queryFn: ({ signal }) => getPermission(host, language, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePermission() {
  const language = useLanguage();
  return useQuery(getPermissionQueryOptions(language));
}
