import type { Language, PrizeMode } from '@portal/shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { refreshDelayMs } from '../lib/draw-timing';
import { getVnGameMenuQueryOptions } from './get-vn-game-menu';
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

/** Which lottery a page shows: the fast e-lottery (/lottery) or the Vietnamese lottery (/vnlottery). */
export type LotteryKind = 'fast' | 'vn';

/** The menus of a page's lottery, each game with its open draw, asked for again on the spec's timer. */
export function useGameMenus(prizeMode: PrizeMode, kind: LotteryKind = 'fast') {
  const language = useLanguage();
  // Both hooks are always called; only the page's own asks the server.
  const fast = useQuery({ ...getGameMenusQueryOptions(prizeMode, language), enabled: kind === 'fast' });
  const vn = useQuery({ ...getVnGameMenuQueryOptions(prizeMode, language), enabled: kind === 'vn' });
  return kind === 'vn' ? vn : fast;
}

/** Whether a game belongs to a page's lottery (the popular and recent lists hold both kinds). */
export function isOfKind(game: { gameGroupCode: string }, kind: LotteryKind): boolean {
  return (game.gameGroupCode === 'VN') === (kind === 'vn');
}
