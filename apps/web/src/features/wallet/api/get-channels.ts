import type { PaymentChannel } from '@portal/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** The enabled deposit channels. */
export function getChannels(signal?: AbortSignal): Promise<PaymentChannel[]> {
  return apiGet<PaymentChannel[]>('/wps/wallet/channels', { signal });
}

export function getChannelsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.channels,
    queryFn: ({ signal }) => getChannels(signal),
    staleTime: 60_000,
  });
}

export function useChannels() {
  return useQuery(getChannelsQueryOptions());
}
