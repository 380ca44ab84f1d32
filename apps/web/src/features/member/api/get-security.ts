import type { SecurityInfo } from '@portal/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { MEMBER_QUERY_KEY } from '@/lib/session';

export function getSecurity(signal?: AbortSignal): Promise<SecurityInfo> {
  return apiGet<SecurityInfo>('/wps/member/security', { signal });
}

export function getSecurityQueryOptions() {
  return queryOptions({
    queryKey: [MEMBER_QUERY_KEY, 'security'],
    queryFn: ({ signal }) => getSecurity(signal),
    staleTime: 30_000,
  });
}

export function useSecurity() {
  return useQuery(getSecurityQueryOptions());
}
