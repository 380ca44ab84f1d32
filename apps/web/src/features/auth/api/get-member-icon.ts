import type { MemberIcon } from '@portal/shared/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { MEMBER_QUERY_KEY } from '@/lib/session';

export function getMemberIcon(signal?: AbortSignal): Promise<MemberIcon> {
  return apiGet<MemberIcon>('/wps/member/info/icon', { signal });
}

export function getMemberIconQueryOptions() {
  return queryOptions({
    queryKey: [MEMBER_QUERY_KEY, 'icon'],
    queryFn: ({ signal }) => getMemberIcon(signal),
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/** The avatar of the signed-in member; only asked while someone is signed in. */
export function useMemberIcon(signedIn: boolean) {
  return useQuery({ ...getMemberIconQueryOptions(), enabled: signedIn });
}
