import { GAME_TYPE_ROUTE, type GameType } from '@portal/shared/constants';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { VendorGrid } from '@/features/games/components/vendor-grid';
import { usePermission } from '@/features/system/api/get-permission';
import { usePageTitle } from '@/lib/use-page-title';

function gameTypeForPath(pathname: string): GameType | undefined {
  const path = pathname.toLowerCase();
  return (Object.entries(GAME_TYPE_ROUTE) as [GameType, string][]).find(([, route]) => route === path)?.[0];
}

/**
 * Category pages (/live, /sports, /esports, /elott, /cockfight): banners and the real vendors. /rng, /fish and
 * /pvp list their games on the slots page instead.
 */
export function GameCategoryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: permission } = usePermission();
  const gameType = gameTypeForPath(pathname);
  const title = gameType ? t(`gameTypes.${gameType}`) : t('nav.games');
  usePageTitle(title, permission?.settings.brandName);

  return (
    <div className="page">
      <BannerCarousel />
      <ComingSoon title={title}>
        <p className="coming-soon__text">{t('category.gamesLater')}</p>
      </ComingSoon>
      <section className="section" aria-labelledby="category-vendors">
        <h2 className="section__title" id="category-vendors">
          {t('home.vendors')}
        </h2>
        <VendorGrid gameType={gameType} />
      </section>
    </div>
  );
}
