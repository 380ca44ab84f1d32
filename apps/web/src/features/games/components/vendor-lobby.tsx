import type { VendorCard } from '@portal/shared/api';
import { type GameType, WINDOW_SIZES } from '@portal/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { LazyImage } from '@/components/ui/lazy-image';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { openPopupWindow } from '@/lib/open-window';
import { useGameTypes } from '../api/get-game-types';

const HOT_TAB = 'hot';

/**
 * Where a vendor of the login page's lobby leads (spec section 2, Login screen): hot and slot vendors to the
 * slots page, fishing vendors to the fishing page, any other vendor to the login page in a 1300x900 window.
 */
export function lobbyTarget(tab: string, vendor: VendorCard): { route: string } | { window: string } {
  const vassalage = `?vassalage=${encodeURIComponent(vendor.vassalage)}`;
  if (tab === HOT_TAB || vendor.gameType === 'RNG') return { route: `/rng${vassalage}` };
  if (tab === 'FISH') return { route: `/fish${vassalage}` };
  return { window: '/login' };
}

/** The login page's top area: a hot-games tab and one tab per game type, each listing its vendors. */
export function VendorLobby() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useGameTypes();
  const [tab, setTab] = useState<string>(HOT_TAB);

  if (isPending) return <Skeleton aspectRatio="4 / 1" />;
  if (isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void refetch()} />;

  const hot = data.flatMap((item) => item.vendors.filter((vendor) => vendor.isHot === 1));
  const items = [
    { key: HOT_TAB, label: t('loginPage.hotGames') },
    ...data.map((item) => ({ key: item.gameType, label: t(`gameTypes.${item.gameType}`) })),
  ];
  const vendors = tab === HOT_TAB ? hot : (data.find((item) => item.gameType === (tab as GameType))?.vendors ?? []);

  function openVendor(vendor: VendorCard) {
    const target = lobbyTarget(tab, vendor);
    if ('route' in target) navigate(target.route);
    else openPopupWindow(target.window, WINDOW_SIZES.login);
  }

  return (
    <section className="vendor-lobby" aria-label={t('loginPage.lobby')}>
      <Tabs label={t('loginPage.lobby')} items={items} value={tab} onChange={setTab}>
        {vendors.length === 0 ? (
          <p className="muted">{t('common.noData')}</p>
        ) : (
          <ul className="vendor-lobby__grid">
            {vendors.map((vendor) => (
              <li key={`${vendor.gameType}-${vendor.vassalage}`}>
                <button type="button" className="vendor-tile vendor-lobby__tile" onClick={() => openVendor(vendor)}>
                  <LazyImage src={vendor.logo} alt="" width={160} height={60} />
                  <span className="vendor-tile__name">{vendor.displayName}</span>
                  {vendor.isHot === 1 ? (
                    <span className="badge badge--hot vendor-tile__badge">{t('common.hot')}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Tabs>
    </section>
  );
}
