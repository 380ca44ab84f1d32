import type { ContractType, IncomePage } from '@portal/shared/contracts';
import type { DayRange } from '@portal/shared/date-range';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys, TEAM_PAGE_SIZE } from './agent-keys';

export interface IncomeQuery extends DayRange {
  /** One contract type; null for all four. */
  type: ContractType | null;
  pageNo: number;
}

export function getIncome(query: IncomeQuery, signal?: AbortSignal): Promise<IncomePage> {
  return apiGet<IncomePage>('/wps/agent/income', {
    params: {
      from: query.from,
      to: query.to,
      type: query.type ?? undefined,
      pageNo: query.pageNo,
      pageSize: TEAM_PAGE_SIZE,
    },
    signal,
  });
}

export function getIncomeQueryOptions(query: IncomeQuery) {
  return queryOptions({
    queryKey: [...agentKeys.income, query],
    queryFn: ({ signal }) => getIncome(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useIncome(query: IncomeQuery) {
  return useQuery(getIncomeQueryOptions(query));
}
