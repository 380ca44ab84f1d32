import type { GameCard } from '@portal/shared/games';
import { useTranslation } from 'react-i18next';
import type { useFavourites } from '../hooks/use-favourites';
import type { useGameLaunch } from '../hooks/use-game-launch';
import { GameTile, GameTilePlaceholder } from './game-tile';

/** A list of game tiles with their hearts and play buttons, wherever games are listed. */
export function GameGrid({
  games,
  refreshing,
  signedIn,
  favourites,
  launcher,
  sessionPending,
}: {
  games: GameCard[];
  /** A newer answer is on its way while these stay on screen. */
  refreshing: boolean;
  signedIn: boolean;
  favourites: ReturnType<typeof useFavourites>;
  launcher: ReturnType<typeof useGameLaunch>;
  /** The member's info is still on its way. */
  sessionPending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className={`game-grid${refreshing ? ' is-refreshing' : ''}`} aria-label={t('games.grid')}>
      {games.map((game) => (
        <GameTile
          key={`${game.vassalage}-${game.nodeId}`}
          game={game}
          signedIn={signedIn}
          favourite={favourites.favourites.has(game.nodeId)}
          favouriteBusy={favourites.busyNodeId === game.nodeId}
          onToggleFavourite={favourites.toggle}
          onPlay={launcher.play}
          launching={launcher.pending?.nodeId === game.nodeId ? launcher.pending.mode : null}
          disabled={sessionPending || launcher.pending !== null}
        />
      ))}
    </ul>
  );
}

/** The grid's boxes while its games load, so the page keeps its height. */
export function GameGridPlaceholder({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <ul className="game-grid" aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
        <GameTilePlaceholder key={index} />
      ))}
    </ul>
  );
}
