import { LIMITS } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { lotteryKeys } from './lottery-keys';
import type { OpenedNumero } from './lottery-types';

/** GET /lotto/lgw/games/opened/numero (count 100): a game's draws taking bets, soonest first, with seed hashes. */
export function getOpenedNumeros(gameId: string, signal?: AbortSignal): Promise<OpenedNumero[]> {
  return apiGet<OpenedNumero[]>('/lotto/lgw/games/opened/numero', {
    params: { gameId, count: LIMITS.vietnameseNumbers },
    signal,
  });
}

/** Keyed by the draw taking bets now (`current`, the numero the menus show), so it is read again as draws move on. */
export function getOpenedNumerosQueryOptions(gameId: string, current: string | null) {
  return queryOptions({
    queryKey: [...lotteryKeys.opened(gameId), current],
    queryFn: ({ signal }) => getOpenedNumeros(gameId, signal),
    staleTime: 10_000,
    enabled: current !== null,
  });
}

export function useOpenedNumeros(gameId: string, current: string | null) {
  return useQuery(getOpenedNumerosQueryOptions(gameId, current));
}
