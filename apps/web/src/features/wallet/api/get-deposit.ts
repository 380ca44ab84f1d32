import type { DepositOrder } from '@portal/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** Orders still waiting for the member or the operator are polled at this pace while on screen. */
const OPEN_ORDER_POLL_MS = 15_000;

export function getDeposit(orderNo: string, signal?: AbortSignal): Promise<DepositOrder> {
  return apiGet<DepositOrder>(`/wps/wallet/deposits/${encodeURIComponent(orderNo)}`, { signal });
}

export function getDepositQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: [...walletKeys.deposits, 'order', orderNo],
    queryFn: ({ signal }) => getDeposit(orderNo, signal),
    staleTime: 5_000,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'created' || status === 'waiting_confirmation' ? OPEN_ORDER_POLL_MS : false;
    },
  });
}

export function useDeposit(orderNo: string) {
  return useQuery(getDepositQueryOptions(orderNo));
}
