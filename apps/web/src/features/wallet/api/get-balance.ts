import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { MEMBER_QUERY_KEY } from '@/lib/session';

/** GET /wps/v2/wallets/balance; a free-play account's balance is demo money (currency DEMO). */
export interface WalletBalance {
  sumBalance: string;
  currency: string;
  demo: boolean;
}

export function getBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return apiGet<WalletBalance>('/wps/v2/wallets/balance', { signal });
}

export function getBalanceQueryOptions() {
  return queryOptions({
    // Under the member key, so signing in or out resets it.
    queryKey: [MEMBER_QUERY_KEY, 'balance'],
    queryFn: ({ signal }) => getBalance(signal),
    staleTime: 15_000,
  });
}
