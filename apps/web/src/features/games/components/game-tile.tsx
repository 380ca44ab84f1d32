import type { GameCard, LaunchMode } from '@portal/shared/games';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '@/components/ui/lazy-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { tileImageUrl } from '../lib/tile-image';

/** Game artwork is square; the size reserves its box before it loads. */
const IMAGE_SIZE = 200;

export interface GameTileProps {
  game: GameCard;
  /** The heart is for signed-in members only. */
  signedIn: boolean;
  favourite: boolean;
  onToggleFavourite: (game: GameCard) => void;
  /** The heart's last press is still on its way to the server. */
  favouriteBusy?: boolean;
  onPlay: (game: GameCard, mode: LaunchMode) => void;
  /** This tile's game is being launched in this mode: its button shows it is working. */
  launching?: LaunchMode | null;
  /** Another launch is under way, or the session is still being checked. */
  disabled?: boolean;
}

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.1A4.4 4.4 0 0 1 12 7.6a4.4 4.4 0 0 1 7.5 2.8c0 5.5-7.5 10.1-7.5 10.1z"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One game: artwork, name, vendor, hot/new badges, RTP or margin and volatility when known, favourite, play and try. */
export function GameTile({
  game,
  signedIn,
  favourite,
  onToggleFavourite,
  favouriteBusy = false,
  onPlay,
  launching = null,
  disabled = false,
}: GameTileProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const facts = [
    game.rtp ? t('games.tile.rtp', { value: game.rtp }) : null,
    game.margin ? t('games.tile.margin', { value: game.margin }) : null,
    game.volatility ? t('games.tile.volatility', { level: t(`games.tile.volatilities.${game.volatility}`) }) : null,
  ].filter((fact): fact is string => fact !== null);

  return (
    <li className="game-tile" data-testid={`game-${game.nodeId}`}>
      <div className="game-tile__media">
        <LazyImage
          src={tileImageUrl(game.imageUrl, language)}
          alt=""
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          className="game-tile__image"
        />
        {game.isHot === 1 || game.isNew === 1 ? (
          <span className="game-tile__badges">
            {game.isHot === 1 ? <span className="badge badge--hot">{t('common.hot')}</span> : null}
            {game.isNew === 1 ? <span className="badge badge--new">{t('games.tile.new')}</span> : null}
          </span>
        ) : null}
        {signedIn ? (
          <button
            type="button"
            className={`icon-button game-tile__favourite${favourite ? ' is-on' : ''}`}
            aria-pressed={favourite}
            aria-label={t('games.tile.favourite', { name: game.gameName })}
            title={t('games.tile.favourite', { name: game.gameName })}
            disabled={favouriteBusy}
            onClick={() => onToggleFavourite(game)}
          >
            <HeartIcon />
          </button>
        ) : null}
      </div>
      <div className="game-tile__body">
        <h3 className="game-tile__name" title={game.gameName}>
          {game.gameName}
        </h3>
        <p className="game-tile__vendor">{game.vendorName}</p>
        {facts.length > 0 ? (
          <p className="game-tile__facts">
            {facts.map((fact) => (
              <span key={fact}>{fact}</span>
            ))}
          </p>
        ) : null}
        <div className="game-tile__actions">
          <button
            type="button"
            className="button button--primary button--small"
            aria-label={t('games.tile.playName', { name: game.gameName })}
            aria-busy={launching === 'real' || undefined}
            disabled={disabled}
            onClick={() => onPlay(game, 'real')}
          >
            {t('games.tile.play')}
          </button>
          {game.hasTrial ? (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={t('games.tile.tryName', { name: game.gameName })}
              aria-busy={launching === 'trial' || undefined}
              disabled={disabled}
              onClick={() => onPlay(game, 'trial')}
            >
              {t('games.tile.try')}
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** A tile's exact boxes while the list loads, so the grid does not jump when the games arrive. */
export function GameTilePlaceholder() {
  return (
    <li className="game-tile game-tile--placeholder" aria-hidden="true">
      <div className="game-tile__media">
        <Skeleton aspectRatio="1 / 1" radius="card" className="game-tile__image" />
      </div>
      <div className="game-tile__body">
        <Skeleton width="80%" />
        <Skeleton width="50%" />
        <Skeleton height={34} radius="pill" />
      </div>
    </li>
  );
}
