import type { ProfitLossPage, ProfitLossSort, TeamBettingPage, TeamBettingSort } from '@portal/shared/agents';
import type { DayRange } from '@portal/shared/date-range';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys, TEAM_PAGE_SIZE } from './agent-keys';

/** What a per-downline report (team betting, user profit and loss) asks for. */
interface MemberReportRequest<S extends string> extends DayRange {
  /** One team member's exact account; null for the whole team. */
  account: string | null;
  sort: S;
  order: 'asc' | 'desc';
  pageNo: number;
}

export interface TeamBettingQuery extends MemberReportRequest<TeamBettingSort> {
  /** One game type's code; null for all. */
  gameType: string | null;
  /** One vendor's code; null for all. */
  vendor: string | null;
}

export type TeamProfitLossQuery = MemberReportRequest<ProfitLossSort>;

function reportOptions<P>(
  path: string,
  key: readonly unknown[],
  query: MemberReportRequest<string>,
  filters: Record<string, string | undefined> = {},
) {
  return queryOptions({
    queryKey: [...key, query],
    queryFn: ({ signal }) =>
      apiGet<P>(path, {
        params: {
          from: query.from,
          to: query.to,
          ...filters,
          account: query.account || undefined,
          sort: query.sort,
          order: query.order,
          pageNo: query.pageNo,
          pageSize: TEAM_PAGE_SIZE,
        },
        signal,
      }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useTeamBetting(query: TeamBettingQuery) {
  const filters = { gameType: query.gameType ?? undefined, vendor: query.vendor ?? undefined };
  return useQuery(reportOptions<TeamBettingPage>('/wps/agent/team/betting', agentKeys.betting, query, filters));
}

export function useTeamProfitLoss(query: TeamProfitLossQuery) {
  return useQuery(reportOptions<ProfitLossPage>('/wps/agent/team/profit-loss', agentKeys.profitLoss, query));
}
