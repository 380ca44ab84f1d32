import { GAME_TYPE_ROUTE } from '@portal/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { useGameTypes } from '../api/get-game-types';

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
              <span
                className={`game-type-tile__icon game-type-tile__icon--${item.gameType.toLowerCase()}`}
                aria-hidden="true"
              />
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

/** Every vendor logo once, for the footer strip. */
export function VendorLogoStrip() {
  const { t } = useTranslation();
  const { data } = useGameTypes();
  // One logo per brand: a vendor may appear under several game types and several codes share a logo.
  const seen = new Map<string, { logo: string; name: string }>();
  for (const item of data ?? []) {
    for (const vendor of item.vendors) {
      if (!seen.has(vendor.logo)) seen.set(vendor.logo, { logo: vendor.logo, name: vendor.displayName });
    }
  }
  if (seen.size === 0) return null;
  return (
    <ul className="vendor-strip" aria-label={t('footer.vendors')}>
      {[...seen.entries()].map(([code, vendor]) => (
        <li key={code}>
          <LazyImage src={vendor.logo} alt={vendor.name} width={160} height={60} />
        </li>
      ))}
    </ul>
  );
}
