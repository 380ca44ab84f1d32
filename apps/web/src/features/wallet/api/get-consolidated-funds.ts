import type { ConsolidatedFunds } from '@portal/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export function getConsolidatedFunds(signal?: AbortSignal): Promise<ConsolidatedFunds> {
  return apiGet<ConsolidatedFunds>('/wps/member/info/funds/consolidated', { signal });
}

export function getConsolidatedFundsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.funds,
    queryFn: ({ signal }) => getConsolidatedFunds(signal),
    staleTime: 15_000,
  });
}

export function useConsolidatedFunds() {
  return useQuery(getConsolidatedFundsQueryOptions());
}
