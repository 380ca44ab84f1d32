import type { Language, PrizeMode } from '@portal/shared/constants';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { refreshDelayMs } from '../lib/draw-timing';
import { DEVICE_WEB, lotteryKeys } from './lottery-keys';
import type { LotteryMenu, TimedMenus } from './lottery-types';
import { emptyWhenMissing, timed } from './timed';

/** GET /lgw/vn/games/game_menu (device WEB): the Vietnamese games by tag NORTH, SOUTH and CENTRAL. */
export async function getVnGameMenu(
  prizeMode: PrizeMode,
  language: Language,
  signal?: AbortSignal,
): Promise<TimedMenus> {
  const { value, receivedAt, roundTripMs } = await timed(() =>
    emptyWhenMissing(() =>
      apiGet<LotteryMenu[]>('/lgw/vn/games/game_menu', { params: { prizeMode, device: DEVICE_WEB }, language, signal }),
    ),
  );
  return { menus: value, games: value.flatMap((menu) => menu.gameMenus), receivedAt, roundTripMs };
}

export function getVnGameMenuQueryOptions(prizeMode: PrizeMode, language: Language) {
  return queryOptions({
    queryKey: lotteryKeys.vnMenu(prizeMode, language),
    queryFn: ({ signal }) => getVnGameMenu(prizeMode, language, signal),
    refetchInterval: (query) => (query.state.data ? refreshDelayMs(query.state.data.games) : false),
    refetchIntervalInBackground: false,
  });
}
