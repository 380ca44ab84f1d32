import type { TeamTransactionsPage, TeamTransactionType } from '@portal/shared/agents';
import type { DayRange } from '@portal/shared/date-range';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys, TEAM_PAGE_SIZE } from './agent-keys';

export interface TeamTransactionsQuery extends DayRange {
  /** One type of movement; null for all four. */
  type: TeamTransactionType | null;
  /** One team member's exact account; null for the whole team. */
  account: string | null;
  pageNo: number;
}

export function getTeamTransactions(query: TeamTransactionsQuery, signal?: AbortSignal): Promise<TeamTransactionsPage> {
  return apiGet<TeamTransactionsPage>('/wps/agent/team/transactions', {
    params: {
      from: query.from,
      to: query.to,
      type: query.type ?? undefined,
      account: query.account || undefined,
      pageNo: query.pageNo,
      pageSize: TEAM_PAGE_SIZE,
    },
    signal,
  });
}

export function getTeamTransactionsQueryOptions(query: TeamTransactionsQuery) {
  return queryOptions({
    queryKey: [...agentKeys.transactions, query],
    queryFn: ({ signal }) => getTeamTransactions(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useTeamTransactions(query: TeamTransactionsQuery) {
  return useQuery(getTeamTransactionsQueryOptions(query));
}
