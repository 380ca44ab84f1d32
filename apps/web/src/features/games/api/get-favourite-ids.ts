import type { FavouriteIdsValue } from '@portal/shared/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { gameKeys } from './games-keys';

/** GET /wps/relay/MCSFE_getFavoriteGames (session): the ids of the member's favourite games, for the hearts. */
export function getFavouriteIds(signal?: AbortSignal): Promise<FavouriteIdsValue> {
  return apiGet<FavouriteIdsValue>('/wps/relay/MCSFE_getFavoriteGames', { signal });
}

export function getFavouriteIdsQueryOptions() {
  return queryOptions({
    queryKey: gameKeys.favouriteIds,
    queryFn: ({ signal }) => getFavouriteIds(signal),
    staleTime: 60_000,
  });
}

/** Asked only for a signed-in member: a visitor has no favourites and sees no hearts. */
export function useFavouriteIds(enabled: boolean) {
  return useQuery({ ...getFavouriteIdsQueryOptions(), enabled });
}
