import { useTranslation } from 'react-i18next';
import { usePermission } from '@/api/get-permission';
import { NoticeList } from '@/features/announcements/components/notice-list';
import { usePageTitle } from '@/lib/use-page-title';

export function NoticePage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  usePageTitle(t('pages.noticePage'), permission?.settings.brandName);
  return (
    <div className="page page--narrow">
      <h1 className="page-title">{t('pages.noticePage')}</h1>
      <NoticeList />
    </div>
  );
}
