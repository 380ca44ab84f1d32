import { type Language, LIMITS } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { ApiError, apiGet } from '@/lib/api-client';
import { lotteryKeys } from './lottery-keys';

/** A won bet on the winner board, the winner's account masked by the server. */
export interface LotteryWinner {
  account: string;
  gameId: string;
  gameName: string;
  numero: string;
  betType: string;
  selection: string;
  payout: string;
  settledAt: string;
}

/** GET /lotto/lgw/winners (count 50): the latest won lottery bets, newest first; none on a server without the board. */
export async function getLotteryWinners(language: Language, signal?: AbortSignal): Promise<LotteryWinner[]> {
  try {
    const value = await apiGet<{ list: LotteryWinner[] }>('/lotto/lgw/winners', {
      params: { count: LIMITS.winnerBoard },
      language,
      signal,
    });
    return value.list;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function getLotteryWinnersQueryOptions(language: Language) {
  return queryOptions({
    queryKey: lotteryKeys.winners(language),
    queryFn: ({ signal }) => getLotteryWinners(language, signal),
    // The board changes as draws settle, every half minute at the fastest.
    staleTime: 30_000,
    refetchInterval: 30_000,
  });
}

export function useLotteryWinners() {
  const language = useLanguage();
  return useQuery(getLotteryWinnersQueryOptions(language));
}
