import type { GameTypeItem, VendorCard } from '@portal/shared/api';
import { GAME_TYPE_ROUTE, LIMITS } from '@portal/shared/constants';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useScrollEdges } from '@/lib/use-scroll-edges';
import { useGameTypes } from '../api/get-game-types';
import { useVendorCardAction, VendorCardLink } from './vendor-card-link';

/** Fewer than six vendors sit centred under their menu item; six or more use the full-width grid. */
const CENTRED_BELOW = 6;

function VendorDropdown({
  item,
  label,
  onOpen,
}: {
  item: GameTypeItem;
  label: string;
  onOpen: (vendor: VendorCard) => void;
}) {
  const { t } = useTranslation();
  const shown = item.vendors.slice(0, LIMITS.navDropdownVendors);
  const centred = item.vendors.length < CENTRED_BELOW;
  return (
    <div className={`game-nav__dropdown${centred ? ' is-centred' : ''}`}>
      <ul className="game-nav__vendors" aria-label={t('nav.vendorsOf', { type: label })}>
        {shown.map((vendor) => (
          <li key={vendor.vassalage}>
            <VendorCardLink className="game-nav__vendor" vendor={vendor} onOpen={onOpen}>
              <LazyImage src={vendor.logo} alt={vendor.displayName} width={160} height={60} />
              {vendor.isHot === 1 ? <span className="badge badge--hot">{t('common.hot')}</span> : null}
            </VendorCardLink>
          </li>
        ))}
        <li>
          <NavLink className="game-nav__more" to={GAME_TYPE_ROUTE[item.gameType]}>
            {t('common.more')}
          </NavLink>
        </li>
      </ul>
    </div>
  );
}

/** Desktop navigation: Home, one item per game type (with a vendor dropdown), Promotions, App download. */
export function GameNav() {
  const { t } = useTranslation();
  const { data, isPending } = useGameTypes();
  const vendorCards = useVendorCardAction();
  const strip = useScrollEdges<HTMLUListElement>();

  return (
    <nav className="game-nav" aria-label={t('nav.mainNav')}>
      {strip.edges.before ? (
        <button
          type="button"
          className="icon-button game-nav__scroll"
          aria-label={t('nav.scrollBack')}
          title={t('nav.scrollBack')}
          onClick={() => strip.page(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
      ) : null}
      <ul className="game-nav__list" ref={strip.ref}>
        <li className="game-nav__item">
          <NavLink className="game-nav__link" to="/" end>
            {t('nav.home')}
          </NavLink>
        </li>
        {isPending
          ? Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
              <li className="game-nav__item" key={index}>
                <Skeleton width={72} height={16} radius="pill" />
              </li>
            ))
          : (data ?? []).map((item) => {
              const label = t(`gameTypes.${item.gameType}`);
              return (
                <li className="game-nav__item has-dropdown" key={item.gameType}>
                  <NavLink className="game-nav__link" to={GAME_TYPE_ROUTE[item.gameType]}>
                    {label}
                    {item.isHot === 1 ? <span className="badge badge--hot">{t('common.hot')}</span> : null}
                  </NavLink>
                  {item.vendors.length > 0 ? (
                    <VendorDropdown item={item} label={label} onOpen={vendorCards.open} />
                  ) : null}
                </li>
              );
            })}
        <li className="game-nav__item">
          <NavLink className="game-nav__link" to="/promotions">
            {t('nav.promotions')}
          </NavLink>
        </li>
        <li className="game-nav__item">
          <NavLink className="game-nav__link" to="/down">
            {t('nav.download')}
          </NavLink>
        </li>
      </ul>
      {strip.edges.after ? (
        <button
          type="button"
          className="icon-button game-nav__scroll"
          aria-label={t('nav.scrollMore')}
          title={t('nav.scrollMore')}
          onClick={() => strip.page(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
      {vendorCards.action}
    </nav>
  );
}
