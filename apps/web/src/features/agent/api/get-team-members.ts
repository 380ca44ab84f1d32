import type { TeamMemberSort, TeamMembersPage } from '@portal/shared/agents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys, TEAM_PAGE_SIZE } from './agent-keys';

export interface TeamMembersQuery {
  /** Search the whole team by account prefix; when set, `under` is not sent. */
  account: string | null;
  /** Drill-down: the direct downline of this member; null for the agent's own direct downline. */
  under: string | null;
  sort: TeamMemberSort;
  order: 'asc' | 'desc';
  pageNo: number;
}

export function getTeamMembers(query: TeamMembersQuery, signal?: AbortSignal): Promise<TeamMembersPage> {
  return apiGet<TeamMembersPage>('/wps/agent/team/members', {
    params: {
      account: query.account || undefined,
      under: query.account ? undefined : query.under,
      sort: query.sort,
      order: query.order,
      pageNo: query.pageNo,
      pageSize: TEAM_PAGE_SIZE,
    },
    signal,
  });
}

export function getTeamMembersQueryOptions(query: TeamMembersQuery) {
  return queryOptions({
    queryKey: [...agentKeys.members, query],
    queryFn: ({ signal }) => getTeamMembers(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useTeamMembers(query: TeamMembersQuery) {
  return useQuery(getTeamMembersQueryOptions(query));
}
