import type { Language, PrizeMode } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { refreshDelayMs } from '../lib/draw-timing';
import { DEVICE_WEB, lotteryKeys } from './lottery-keys';
import type { LotteryMenu, TimedMenus } from './lottery-types';
import { timed } from './timed';

/** GET /lgw/games/game_menus: the menus (tag, gameMenus), each game with its draw taking bets now. */
export async function getGameMenus(
  prizeMode: PrizeMode,
  language: Language,
  signal?: AbortSignal,
): Promise<TimedMenus> {
  const { value, receivedAt, roundTripMs } = await timed(() =>
    apiGet<LotteryMenu[]>('/lgw/games/game_menus', { params: { prizeMode, device: DEVICE_WEB }, language, signal }),
  );
  return { menus: value, games: value.flatMap((menu) => menu.gameMenus), receivedAt, roundTripMs };
}

export function getGameMenusQueryOptions(prizeMode: PrizeMode, language: Language) {
  return queryOptions({
    queryKey: lotteryKeys.menus(prizeMode, language),
    queryFn: ({ signal }) => getGameMenus(prizeMode, language, signal),
    // The open draws are asked for again on the spec's timer (draw-timing.ts), not on a fixed staleness.
    refetchInterval: (query) => (query.state.data ? refreshDelayMs(query.state.data.games) : false),
    refetchIntervalInBackground: false,
  });
}

export function useGameMenus(prizeMode: PrizeMode) {
  const language = useLanguage();
  return useQuery(getGameMenusQueryOptions(prizeMode, language));
}
