import type { SlotInfoValue } from '@portal/shared/house-games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** GET /house/api/slot/info: the rules, paytable and bets of the house slot (public, the same for everyone). */
export function getSlotInfo(signal?: AbortSignal): Promise<SlotInfoValue> {
  return apiGet<SlotInfoValue>('/house/api/slot/info', { signal });
}

export function getSlotInfoQueryOptions() {
  return queryOptions({
    queryKey: ['house', 'slot', 'info'] as const,
    queryFn: ({ signal }) => getSlotInfo(signal),
    // The rules change only with a new release of the game.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSlotInfo() {
  return useQuery(getSlotInfoQueryOptions());
}
