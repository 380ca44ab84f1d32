import { useTranslation } from 'react-i18next';
import { usePermission } from '@/api/get-permission';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { HelpCentre } from '@/features/help/components/help-centre';
import { usePageTitle } from '@/lib/use-page-title';

export function HelpPage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  usePageTitle(t('help.title'), permission?.settings.brandName);
  return (
    <div className="page">
      <BannerCarousel group="w_help" />
      <h1 className="page-title">{t('help.title')}</h1>
      <HelpCentre />
    </div>
  );
}

/** The same help content inside the member centre, without the portal header. */
export function HelpMcPage() {
  const { t } = useTranslation();
  usePageTitle(t('help.title'));
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{t('help.title')}</h1>
      <HelpCentre />
    </div>
  );
}
