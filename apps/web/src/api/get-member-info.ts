import type { MemberInfo } from '@portal/shared/auth';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '@/lib/api-client';
import {
  clearSessionHint,
  clearSessionProfile,
  hasSessionHint,
  MEMBER_QUERY_KEY,
  storeSessionProfile,
} from '@/lib/session';

/**
 * The signed-in member, or null when there is no session (401 NOT_LOGGED_IN): this answer, not any stored
 * value, decides whether someone is logged in. A 401 also clears what the browser kept of the session.
 */
export async function getMemberInfo(signal?: AbortSignal): Promise<MemberInfo | null> {
  try {
    const member = await apiGet<MemberInfo>('/wps/member/info', { signal });
    storeSessionProfile({ account: member.account, nickname: member.nickname, type: member.type });
    return member;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearSessionHint();
      clearSessionProfile();
      return null;
    }
    throw error;
  }
}

export function getMemberInfoQueryOptions() {
  return queryOptions({
    queryKey: [MEMBER_QUERY_KEY, 'info'],
    queryFn: ({ signal }) => getMemberInfo(signal),
    staleTime: 60_000,
  });
}

/** Asked only while the session hint cookie is there, so visitors make no request that must fail. */
export function useMemberInfo() {
  return useQuery({ ...getMemberInfoQueryOptions(), enabled: hasSessionHint() });
}

/**
 * Drops every member query but the info itself, whose observers (the header) must see its next answer: a
 * removed query would leave them watching the old one.
 */
export function dropMemberQueries(queryClient: QueryClient): void {
  const infoKey = getMemberInfoQueryOptions().queryKey;
  queryClient.removeQueries({ queryKey: [MEMBER_QUERY_KEY], predicate: (query) => query.queryKey[1] !== infoKey[1] });
}

/** Loads the member's info afresh (after a login), whatever is in the cache. */
export function reloadMemberInfo(queryClient: QueryClient): Promise<MemberInfo | null> {
  return queryClient.fetchQuery({ ...getMemberInfoQueryOptions(), staleTime: 0 });
}

/** Forgets the session on this side: hint cookie, stored profile and every member query. */
export function endClientSession(queryClient: QueryClient): void {
  clearSessionHint();
  clearSessionProfile();
  queryClient.setQueryData(getMemberInfoQueryOptions().queryKey, null);
  dropMemberQueries(queryClient);
}
