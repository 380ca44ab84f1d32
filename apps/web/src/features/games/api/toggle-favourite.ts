import type { FavouriteChange, FavouriteIdsValue, FavouriteRequest } from '@portal/shared/games';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { gameKeys } from './games-keys';

export interface ToggleFavouriteInput {
  game: FavouriteRequest;
  /** true adds the game (PUT), false removes it (DELETE). */
  add: boolean;
}

/**
 * PUT (add) or DELETE (remove) /wps/relay/MCSFE_getFavoriteGames with the game in a JSON body (session); the
 * answer says whether the game is now a favourite.
 */
export function toggleFavourite({ game, add }: ToggleFavouriteInput): Promise<FavouriteChange> {
  return apiSend<FavouriteChange>(add ? 'PUT' : 'DELETE', '/wps/relay/MCSFE_getFavoriteGames', { body: game });
}

/**
 * The heart turns at once (the ids in the cache change before the answer) and turns back if the call fails;
 * either way the favourite ids and the saved-games list are asked again afterwards.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavourite,
    onMutate: async ({ game, add }: ToggleFavouriteInput) => {
      await queryClient.cancelQueries({ queryKey: gameKeys.favouriteIds });
      const previous = queryClient.getQueryData<FavouriteIdsValue>(gameKeys.favouriteIds);
      if (previous) {
        const others = previous.nodeIds.filter((id) => id !== game.nodeId);
        queryClient.setQueryData<FavouriteIdsValue>(gameKeys.favouriteIds, {
          nodeIds: add ? [...others, game.nodeId] : others,
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(gameKeys.favouriteIds, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: gameKeys.favourites }),
  });
}
