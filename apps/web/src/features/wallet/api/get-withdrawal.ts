import type { Withdrawal } from '@portal/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** One withdrawal with its status history. */
export function getWithdrawal(orderNo: string, signal?: AbortSignal): Promise<Withdrawal> {
  return apiGet<Withdrawal>(`/wps/wallet/withdrawals/${encodeURIComponent(orderNo)}`, { signal });
}

export function getWithdrawalQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: [...walletKeys.withdrawals, 'order', orderNo],
    queryFn: ({ signal }) => getWithdrawal(orderNo, signal),
    staleTime: 10_000,
  });
}

export function useWithdrawal(orderNo: string, enabled = true) {
  return useQuery({ ...getWithdrawalQueryOptions(orderNo), enabled });
}
