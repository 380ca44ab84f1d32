import type { DayRange } from '@portal/shared/date-range';
import type { PersonalProfit } from '@portal/shared/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export function getProfit(range: DayRange, signal?: AbortSignal): Promise<PersonalProfit> {
  return apiGet<PersonalProfit>('/wps/wallet/records/profit', { params: { from: range.from, to: range.to }, signal });
}

export function getProfitQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: [...walletKeys.records, 'profit', range.from, range.to],
    queryFn: ({ signal }) => getProfit(range, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useProfit(range: DayRange) {
  return useQuery(getProfitQueryOptions(range));
}
