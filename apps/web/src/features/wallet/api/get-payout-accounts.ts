import type { PayoutAccount } from '@portal/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export function getPayoutAccounts(signal?: AbortSignal): Promise<PayoutAccount[]> {
  return apiGet<PayoutAccount[]>('/wps/wallet/payout-accounts', { signal });
}

export function getPayoutAccountsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.payoutAccounts,
    queryFn: ({ signal }) => getPayoutAccounts(signal),
    staleTime: 60_000,
  });
}

export function usePayoutAccounts() {
  return useQuery(getPayoutAccountsQueryOptions());
}
