import type { TeamOverview } from '@portal/shared/agents';
import type { DayRange } from '@portal/shared/date-range';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

export function getTeamOverview(range: DayRange, signal?: AbortSignal): Promise<TeamOverview> {
  return apiGet<TeamOverview>('/wps/agent/team/overview', { params: { from: range.from, to: range.to }, signal });
}

export function getTeamOverviewQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: [...agentKeys.overview, range.from, range.to],
    queryFn: ({ signal }) => getTeamOverview(range, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useTeamOverview(range: DayRange) {
  return useQuery(getTeamOverviewQueryOptions(range));
}
