import { GAME_TYPE_ROUTE } from '@portal/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGameTypes } from '../api/get-game-types';

/** The drawn category icons: one static sprite (a symbol per game type), cached apart from the code. */
export const GAME_TYPE_ICONS = '/icons/game-types.svg';
/** The portal has nine game types; the placeholders fill the same three rows (one row on desktop). */
const PLACEHOLDER_TILES = 9;

/** Game categories as big tiles (home page) or a plain link list (footer). */
export function GameTypeLinks({ variant }: { variant: 'tiles' | 'list' }) {
  const { t } = useTranslation();
  const { data, isPending } = useGameTypes();
  const items = data ?? [];
  if (variant === 'tiles' && isPending) {
    // Placeholders in the tiles' own boxes, so the sections below do not move when the types arrive.
    return (
      <ul className="game-type-tiles" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_TILES }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
          <li key={index}>
            <span className="game-type-tile game-type-tile--placeholder" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={variant === 'tiles' ? 'game-type-tiles' : 'footer__links'}>
      {items.map((item) => (
        <li key={item.gameType}>
          <Link className={variant === 'tiles' ? 'game-type-tile' : 'footer__link'} to={GAME_TYPE_ROUTE[item.gameType]}>
            {variant === 'tiles' ? (
              <svg className="game-type-tile__icon" aria-hidden="true" focusable="false">
                <use href={`${GAME_TYPE_ICONS}#${item.gameType.toLowerCase()}`} />
              </svg>
            ) : null}
            <span>{t(`gameTypes.${item.gameType}`)}</span>
            {variant === 'tiles' && item.isHot === 1 ? (
              <span className="badge badge--hot">{t('common.hot')}</span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
