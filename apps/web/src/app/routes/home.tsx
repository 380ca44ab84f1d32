import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/api/get-permission';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { NoticeMarquee } from '@/features/announcements/components/notice-marquee';
import { GameTypeLinks } from '@/features/games/components/game-type-links';
import { HomeHotGamesPlaceholder } from '@/features/games/components/home-hot-games-placeholder';
import { VendorGrid } from '@/features/games/components/vendor-grid';
import { usePageTitle } from '@/lib/use-page-title';
import { useIdle } from '@/lib/when-idle';

// Below the first screen and in chunks of their own, mounted once it is in: nothing of them in its paint.
const HomeHotGames = lazy(() => import('@/features/games/components/home-hot-games'));
const WinnersCarousel = lazy(() => import('@/features/games/components/winners-carousel'));

export function HomePage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  usePageTitle(t('pages.home'), permission?.settings.brandName);
  const idle = useIdle();

  return (
    <div className="page">
      <h1 className="visually-hidden">{permission?.settings.brandName ?? t('pages.home')}</h1>
      <BannerCarousel group="w_home" />
      <NoticeMarquee />
      <section className="section" aria-labelledby="home-categories">
        <h2 className="section__title" id="home-categories">
          {t('home.categories')}
        </h2>
        <GameTypeLinks variant="tiles" />
      </section>
      {/* The hot games keep their boxes from the first paint, so nothing below moves when they come. */}
      {idle ? (
        <Suspense fallback={<HomeHotGamesPlaceholder />}>
          <HomeHotGames />
          <WinnersCarousel />
        </Suspense>
      ) : (
        <HomeHotGamesPlaceholder />
      )}
      <section className="section" aria-labelledby="home-vendors">
        <h2 className="section__title" id="home-vendors">
          {t('home.vendors')}
        </h2>
        <VendorGrid />
      </section>
    </div>
  );
}
