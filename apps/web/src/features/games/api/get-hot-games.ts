import type { GameType, Language } from '@portal/shared/constants';
import type { HotGamesValue } from '@portal/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { gameKeys } from './games-keys';

/**
 * GET /wps/relay/GCSGAME_hotGamesV2?gameType&vassalage&language: every hot game of one type (and of one vendor
 * when given), one page.
 */
export function getHotGames(
  gameType: GameType,
  vassalage: string | undefined,
  language: Language,
  signal?: AbortSignal,
): Promise<HotGamesValue> {
  return apiGet<HotGamesValue>('/wps/relay/GCSGAME_hotGamesV2', {
    params: { gameType, vassalage },
    language,
    signal,
  });
}

export function getHotGamesQueryOptions(gameType: GameType, vassalage: string | undefined, language: Language) {
  return queryOptions({
    queryKey: [...gameKeys.hot, gameType, vassalage ?? '', language],
    queryFn: ({ signal }) => getHotGames(gameType, vassalage, language, signal),
    staleTime: 5 * 60_000,
  });
}

export function useHotGames(gameType: GameType, vassalage: string | undefined) {
  const language = useLanguage();
  return useQuery(getHotGamesQueryOptions(gameType, vassalage, language));
}
