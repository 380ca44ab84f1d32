import type { DepositOrder, Page } from '@portal/shared/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { WALLET_PAGE_SIZE, walletKeys } from './wallet-keys';

export function getDeposits(pageNo: number, signal?: AbortSignal): Promise<Page<DepositOrder>> {
  return apiGet<Page<DepositOrder>>('/wps/wallet/deposits', {
    params: { pageNo, pageSize: WALLET_PAGE_SIZE },
    signal,
  });
}

export function getDepositsQueryOptions(pageNo: number) {
  return queryOptions({
    queryKey: [...walletKeys.deposits, 'list', pageNo],
    queryFn: ({ signal }) => getDeposits(pageNo, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useDeposits(pageNo: number) {
  return useQuery(getDepositsQueryOptions(pageNo));
}
