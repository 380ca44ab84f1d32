import type { Page, Withdrawal } from '@portal/shared/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { WALLET_PAGE_SIZE, walletKeys } from './wallet-keys';

export function getWithdrawals(pageNo: number, signal?: AbortSignal): Promise<Page<Withdrawal>> {
  return apiGet<Page<Withdrawal>>('/wps/wallet/withdrawals', {
    params: { pageNo, pageSize: WALLET_PAGE_SIZE },
    signal,
  });
}

export function getWithdrawalsQueryOptions(pageNo: number) {
  return queryOptions({
    queryKey: [...walletKeys.withdrawals, 'list', pageNo],
    queryFn: ({ signal }) => getWithdrawals(pageNo, signal),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useWithdrawals(pageNo: number) {
  return useQuery(getWithdrawalsQueryOptions(pageNo));
}
