import type { ProfitLossPage, ProfitLossSort } from '@portal/shared/agents';
import type { DayRange } from '@portal/shared/date-range';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys, TEAM_PAGE_SIZE } from './agent-keys';

export interface TeamProfitLossQuery extends DayRange {
  /** One team member's exact account; null for the whole team. */
  account: string | null;
  sort: ProfitLossSort;
  order: 'asc' | 'desc';
  pageNo: number;
}

export function getTeamProfitLoss(query: TeamProfitLossQuery, signal?: AbortSignal): Promise<ProfitLossPage> {
  return apiGet<ProfitLossPage>('/wps/agent/team/profit-loss', {
    params: {
      from: query.from,
      to: query.to,
      account: query.account || undefined,
      sort: query.sort,
      order: query.order,
      pageNo: query.pageNo,
      pageSize: TEAM_PAGE_SIZE,
    },
    signal,
  });
}

export function getTeamProfitLossQueryOptions(query: TeamProfitLossQuery) {
  return queryOptions({
    queryKey: [...agentKeys.profitLoss, query],
    queryFn: ({ signal }) => getTeamProfitLoss(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useTeamProfitLoss(query: TeamProfitLossQuery) {
  return useQuery(getTeamProfitLossQueryOptions(query));
}
