import type { GameListQuery, GameListValue } from '@portal/shared/games';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { gameKeys } from './games-keys';

/** GET /wps/relay/GCSGAME_gameList (no token): one page of a game type's games, filtered. */
export function getGameList(query: GameListQuery, signal?: AbortSignal): Promise<GameListValue> {
  const { language, ...params } = query;
  return apiGet<GameListValue>('/wps/relay/GCSGAME_gameList', { params: { ...params }, language, signal });
}

export function getGameListQueryOptions(query: GameListQuery) {
  return queryOptions({
    queryKey: [...gameKeys.list, query],
    queryFn: ({ signal }) => getGameList(query, signal),
    staleTime: 60_000,
    // The previous page stays on screen while the next one arrives, so the grid does not collapse.
    placeholderData: keepPreviousData,
  });
}

export function useGameList(query: GameListQuery, enabled = true) {
  return useQuery({ ...getGameListQueryOptions(query), enabled });
}
