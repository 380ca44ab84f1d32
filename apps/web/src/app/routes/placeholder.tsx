import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { ComingSoon } from '@/components/ui/coming-soon';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { usePageTitle } from '@/lib/use-page-title';

/** Title key of each screen that arrives with a later capability. */
const TITLE_KEY_BY_PATH: Record<string, string> = {
  '/vip': 'pages.vip',
  '/pointmall': 'pages.pointMall',
  '/promotions': 'pages.promotions',
  '/promodetail': 'pages.promoDetail',
  '/seamless': 'pages.seamless',
  '/fbsports': 'pages.fbsports',
};

/** An honest 'coming soon' screen inside its shell, with the banners of its group where the spec lists one. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: permission } = usePermission();
  const title = t(TITLE_KEY_BY_PATH[pathname.toLowerCase()] ?? 'common.comingSoon');
  usePageTitle(title, permission?.settings.brandName);

  return (
    <div className="page">
      <BannerCarousel />
      <ComingSoon title={title} />
    </div>
  );
}
