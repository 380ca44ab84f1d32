import type { TeamBettingPage, TeamBettingSort } from '@portal/shared/agents';
import type { DayRange } from '@portal/shared/date-range';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys, TEAM_PAGE_SIZE } from './agent-keys';

export interface TeamBettingQuery extends DayRange {
  /** One game type's code; null for all. */
  gameType: string | null;
  /** One vendor's code; null for all. */
  vendor: string | null;
  /** One team member's exact account; null for the whole team. */
  account: string | null;
  sort: TeamBettingSort;
  order: 'asc' | 'desc';
  pageNo: number;
}

export function getTeamBetting(query: TeamBettingQuery, signal?: AbortSignal): Promise<TeamBettingPage> {
  return apiGet<TeamBettingPage>('/wps/agent/team/betting', {
    params: {
      from: query.from,
      to: query.to,
      gameType: query.gameType ?? undefined,
      vendor: query.vendor ?? undefined,
      account: query.account || undefined,
      sort: query.sort,
      order: query.order,
      pageNo: query.pageNo,
      pageSize: TEAM_PAGE_SIZE,
    },
    signal,
  });
}

export function getTeamBettingQueryOptions(query: TeamBettingQuery) {
  return queryOptions({
    queryKey: [...agentKeys.betting, query],
    queryFn: ({ signal }) => getTeamBetting(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useTeamBetting(query: TeamBettingQuery) {
  return useQuery(getTeamBettingQueryOptions(query));
}
