import { type Language, LIMITS, type PrizeMode } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { refreshDelayMs } from '../lib/draw-timing';
import { DEVICE_WEB, lotteryKeys } from './lottery-keys';
import type { LotteryGame, TimedGames } from './lottery-types';
import { emptyWhenMissing, timed } from './timed';

/** GET /lgw/games/popular (count 20): the games most members bet on lately, most first. */
export async function getPopularGames(
  prizeMode: PrizeMode,
  language: Language,
  signal?: AbortSignal,
): Promise<TimedGames> {
  const { value, receivedAt, roundTripMs } = await timed(() =>
    emptyWhenMissing(() =>
      apiGet<LotteryGame[]>('/lgw/games/popular', {
        params: { count: LIMITS.popularLottery, prizeMode, device: DEVICE_WEB },
        language,
        signal,
      }),
    ),
  );
  return { games: value, receivedAt, roundTripMs };
}

export function getPopularGamesQueryOptions(prizeMode: PrizeMode, language: Language) {
  return queryOptions({
    queryKey: lotteryKeys.popular(prizeMode, language),
    queryFn: ({ signal }) => getPopularGames(prizeMode, language, signal),
    refetchInterval: (query) => (query.state.data ? refreshDelayMs(query.state.data.games) : false),
  });
}

export function usePopularGames(prizeMode: PrizeMode, enabled: boolean) {
  const language = useLanguage();
  return useQuery({ ...getPopularGamesQueryOptions(prizeMode, language), enabled });
}
