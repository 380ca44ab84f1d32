import type { MerchantWallets } from '@portal/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export function getMerchantWallets(signal?: AbortSignal): Promise<MerchantWallets> {
  return apiGet<MerchantWallets>('/wps/relay/GCS_merchantWallet', { signal });
}

export function getMerchantWalletsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.merchantWallets,
    queryFn: ({ signal }) => getMerchantWallets(signal),
    staleTime: 15_000,
  });
}

export function useMerchantWallets() {
  return useQuery(getMerchantWalletsQueryOptions());
}
