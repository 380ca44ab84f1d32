import { type Language, LIMITS, type PrizeMode } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { refreshDelayMs } from '../lib/draw-timing';
import { DEVICE_WEB, lotteryKeys } from './lottery-keys';
import type { LotteryGame, TimedGames } from './lottery-types';
import { emptyWhenMissing, timed } from './timed';

/** GET /lgw/vn/games/game_menu/recent (session; recentCount 100): the games the member bet on lately. */
export async function getRecentLottery(
  prizeMode: PrizeMode,
  language: Language,
  signal?: AbortSignal,
): Promise<TimedGames> {
  const { value, receivedAt, roundTripMs } = await timed(() =>
    emptyWhenMissing(() =>
      apiGet<LotteryGame[]>('/lgw/vn/games/game_menu/recent', {
        params: { prizeMode, device: DEVICE_WEB, recentCount: LIMITS.recentLottery },
        language,
        signal,
      }),
    ),
  );
  return { games: value, receivedAt, roundTripMs };
}

export function getRecentLotteryQueryOptions(prizeMode: PrizeMode, language: Language) {
  return queryOptions({
    queryKey: [...lotteryKeys.recent(prizeMode), language],
    queryFn: ({ signal }) => getRecentLottery(prizeMode, language, signal),
    refetchInterval: (query) => (query.state.data ? refreshDelayMs(query.state.data.games) : false),
  });
}

export function useRecentLottery(prizeMode: PrizeMode, enabled: boolean) {
  const language = useLanguage();
  return useQuery({ ...getRecentLotteryQueryOptions(prizeMode, language), enabled });
}
