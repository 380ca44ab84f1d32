import type { GameCard } from '@portal/shared/games';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useFavouriteIds } from '../api/get-favourite-ids';
import { useToggleFavourite } from '../api/toggle-favourite';

/** The member's favourite games and the heart's toggle; a failed toggle says why in a toast. */
export function useFavourites(signedIn: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const ids = useFavouriteIds(signedIn);
  const favourites = useMemo(() => new Set(ids.data?.nodeIds ?? []), [ids.data]);
  const mutation = useToggleFavourite();

  function toggle(game: GameCard) {
    mutation.mutate(
      {
        game: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType },
        add: !favourites.has(game.nodeId),
      },
      {
        onError: (error) =>
          toast.show(
            error instanceof ApiError && error.status >= 400 ? error.message : t('games.favouriteFailed'),
            'error',
          ),
      },
    );
  }

  return {
    favourites,
    toggle,
    /** The game whose heart press is still on its way. */
    busyNodeId: mutation.isPending ? (mutation.variables?.game.nodeId ?? null) : null,
  };
}
