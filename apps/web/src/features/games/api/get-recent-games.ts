import type { GameType, Language } from '@portal/shared/constants';
import type { RecentGamesValue } from '@portal/shared/games';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { CLIENT_TYPE_WEB, gameKeys, SLOTS_PAGE_SIZE } from './games-keys';

/**
 * GET /wps/relay/GCS_recentGame?clientType=3&gameType&vassalage&pageNo&pageSize&language (session), last played
 * first: the games of one type (and of one vendor when given), or of every type when none is given.
 */
export function getRecentGames(
  gameType: GameType | undefined,
  vassalage: string | undefined,
  pageNo: number,
  language: Language,
  signal?: AbortSignal,
): Promise<RecentGamesValue> {
  return apiGet<RecentGamesValue>('/wps/relay/GCS_recentGame', {
    params: { clientType: CLIENT_TYPE_WEB, gameType, vassalage, pageNo, pageSize: SLOTS_PAGE_SIZE },
    language,
    signal,
  });
}

/** Spec section 4: recent games load page after page, appended, until the last one. */
export function getRecentGamesQueryOptions(gameType: GameType, vassalage: string | undefined, language: Language) {
  return infiniteQueryOptions({
    queryKey: [...gameKeys.recent, gameType, vassalage ?? '', language],
    queryFn: ({ pageParam, signal }) => getRecentGames(gameType, vassalage, pageParam, language, signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _pages, lastPageParam) =>
      lastPageParam < lastPage.totalPages ? lastPageParam + 1 : undefined,
    staleTime: 30_000,
  });
}

export function useRecentGames(gameType: GameType, vassalage: string | undefined, enabled: boolean) {
  const language = useLanguage();
  return useInfiniteQuery({ ...getRecentGamesQueryOptions(gameType, vassalage, language), enabled });
}

/** The side panel's list: the first page of every type, asked only while the panel is open. */
export function useRecentGamesFirstPage(enabled: boolean) {
  const language = useLanguage();
  return useQuery({
    queryKey: [...gameKeys.recent, 'all', language],
    queryFn: ({ signal }) => getRecentGames(undefined, undefined, 1, language, signal),
    staleTime: 30_000,
    enabled,
  });
}
