import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { lotteryKeys } from './lottery-keys';
import type { LotteryBet, Page } from './lottery-types';

export const MY_BETS_PAGE_SIZE = 20;

/** GET /lotto/lgw/bets (session): the member's lottery bets, newest first. */
export function getMyBets(pageNo: number, signal?: AbortSignal): Promise<Page<LotteryBet>> {
  return apiGet<Page<LotteryBet>>('/lotto/lgw/bets', { params: { pageNo, pageSize: MY_BETS_PAGE_SIZE }, signal });
}

export function getMyBetsQueryOptions(pageNo: number) {
  return queryOptions({
    queryKey: [...lotteryKeys.bets, pageNo],
    queryFn: ({ signal }) => getMyBets(pageNo, signal),
    staleTime: 5_000,
  });
}

/** Pending bets settle a few seconds after their draw: while one is pending the list is read again. */
export function useMyBets(pageNo: number, enabled: boolean) {
  return useQuery({
    ...getMyBetsQueryOptions(pageNo),
    enabled,
    refetchInterval: (query) => (query.state.data?.list.some((bet) => bet.status === 'pending') ? 5_000 : false),
  });
}
