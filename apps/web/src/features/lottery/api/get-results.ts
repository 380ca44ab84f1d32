import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { TREND_SIZE } from '../lib/trend';
import { lotteryKeys } from './lottery-keys';
import type { LotteryResult, Page } from './lottery-types';

/** GET /lotto/lgw/games/:gameId/results: drawn results, newest first (the last 100 feed the list and the trend). */
export function getResults(gameId: string, signal?: AbortSignal): Promise<Page<LotteryResult>> {
  return apiGet<Page<LotteryResult>>(`/lotto/lgw/games/${encodeURIComponent(gameId)}/results`, {
    params: { pageNo: 1, pageSize: TREND_SIZE },
    signal,
  });
}

export function getResultsQueryOptions(gameId: string) {
  return queryOptions({
    queryKey: lotteryKeys.results(gameId),
    queryFn: ({ signal }) => getResults(gameId, signal),
    staleTime: 5_000,
  });
}

/**
 * While a locked draw waits for its result, the page asks again every `waitMs` (a house draw comes seconds after its
 * lock; a Vietnamese draw's official results a quarter of an hour or more later).
 */
export function useResults(gameId: string, waitingForDraw: boolean, waitMs = 2_000) {
  return useQuery({ ...getResultsQueryOptions(gameId), refetchInterval: waitingForDraw ? waitMs : false });
}
