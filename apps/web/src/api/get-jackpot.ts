import type { JackpotValue } from '@portal/shared/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const JACKPOT_QUERY_KEY = ['house', 'jackpot'] as const;

/** GET /house/api/jackpot: the house slot's progressive pool now (public), shown in the lobby and in the slot. */
export function getJackpot(signal?: AbortSignal): Promise<JackpotValue> {
  return apiGet<JackpotValue>('/house/api/jackpot', { signal });
}

export function useJackpot(refetchIntervalMs = 10_000) {
  return useQuery(
    queryOptions({
      queryKey: JACKPOT_QUERY_KEY,
      queryFn: ({ signal }) => getJackpot(signal),
      refetchInterval: refetchIntervalMs,
      staleTime: 5_000,
    }),
  );
}
