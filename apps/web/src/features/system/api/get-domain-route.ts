import type { DomainList } from '@portal/shared/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export function getDomainRoute(signal?: AbortSignal): Promise<DomainList> {
  return apiGet<DomainList>('/wps/system/domainRoute', { signal });
}

export function getDomainRouteQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'domain-route'],
    queryFn: ({ signal }) => getDomainRoute(signal),
    staleTime: 30 * 60_000,
  });
}

export function useDomainRoute() {
  return useQuery(getDomainRouteQueryOptions());
}
