import { LIMITS } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { lotteryKeys } from './lottery-keys';
import type { OpenedNumero } from './lottery-types';

/** GET /lgw/vn/numeros/opened/game (count 100): a Vietnamese game's draws taking bets, soonest first. */
export function getVnOpened(gameId: string, signal?: AbortSignal): Promise<OpenedNumero[]> {
  return apiGet<OpenedNumero[]>('/lgw/vn/numeros/opened/game', {
    params: { gameId, count: LIMITS.vietnameseNumbers },
    signal,
  });
}

/** Keyed by the draw taking bets now, so it is read again when the draw moves on. */
export function getVnOpenedQueryOptions(gameId: string, current: string | null) {
  return queryOptions({
    queryKey: [...lotteryKeys.vnOpened(gameId), current],
    queryFn: ({ signal }) => getVnOpened(gameId, signal),
    staleTime: 60_000,
    enabled: current !== null,
  });
}

export function useVnOpened(gameId: string, current: string | null) {
  return useQuery(getVnOpenedQueryOptions(gameId, current));
}
