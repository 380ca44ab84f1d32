import type { GameType, Language } from '@portal/shared/constants';
import type { FavouriteListValue } from '@portal/shared/games';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';
import { gameKeys, SLOTS_PAGE_SIZE } from './games-keys';

/** GET /wps/relay/MCSFE_getFavoriteGamesList?gameType&pageNo&pageSize&language (session), newest first. */
export function getFavouriteList(
  gameType: GameType,
  pageNo: number,
  language: Language,
  signal?: AbortSignal,
): Promise<FavouriteListValue> {
  return apiGet<FavouriteListValue>('/wps/relay/MCSFE_getFavoriteGamesList', {
    params: { gameType, pageNo, pageSize: SLOTS_PAGE_SIZE },
    language,
    signal,
  });
}

export function getFavouriteListQueryOptions(gameType: GameType, pageNo: number, language: Language) {
  return queryOptions({
    queryKey: [...gameKeys.favouriteList, gameType, pageNo, language],
    queryFn: ({ signal }) => getFavouriteList(gameType, pageNo, language, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useFavouriteList(gameType: GameType, pageNo: number, enabled: boolean) {
  const language = useLanguage();
  return useQuery({ ...getFavouriteListQueryOptions(gameType, pageNo, language), enabled });
}
