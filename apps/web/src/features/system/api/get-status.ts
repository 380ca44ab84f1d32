import type { SystemStatus } from '@portal/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getStatus(host: string, signal?: AbortSignal): Promise<SystemStatus> {
  return apiGet<SystemStatus>('/wps/system/status', { params: { url: host }, signal });
}

export function getStatusQueryOptions(host: string = window.location.host) {
  return queryOptions({
    queryKey: ['system', 'status', host],
    queryFn: ({ signal }) => getStatus(host, signal),
    staleTime: 60_000,
  });
}

export function useStatus() {
  return useQuery(getStatusQueryOptions());
}
