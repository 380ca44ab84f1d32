import { useTranslation } from 'react-i18next';
import { usePermission } from '@/api/get-permission';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { NoticeMarquee } from '@/features/announcements/components/notice-marquee';
import { GameTypeLinks } from '@/features/games/components/game-type-links';
import { VendorGrid } from '@/features/games/components/vendor-grid';
import { usePageTitle } from '@/lib/use-page-title';

export function HomePage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  usePageTitle(t('pages.home'), permission?.settings.brandName);

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
      <section className="section" aria-labelledby="home-vendors">
        <h2 className="section__title" id="home-vendors">
          {t('home.vendors')}
        </h2>
        <VendorGrid />
      </section>
    </div>
  );
}
