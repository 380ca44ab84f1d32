import type { Notice } from '@portal/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDay } from '@/lib/date-time';
import { useAnnouncements } from '../api/get-announcements';
import { NoticeModal } from './notice-modal';

/** All player notices; a title opens the notice modal. */
export function NoticeList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, isPending, isError, refetch } = useAnnouncements();
  const [open, setOpen] = useState<Notice | null>(null);

  if (isPending) return <SkeletonLines lines={5} />;
  if (isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void refetch()} />;
  if (data.player.length === 0) return <EmptyState />;

  return (
    <>
      <ul className="notice-list">
        {data.player.map((notice) => (
          <li key={notice.id} className="notice-list__item">
            <button type="button" className="notice-list__title" onClick={() => setOpen(notice)}>
              {notice.title}
            </button>
            <time className="notice-list__date" dateTime={notice.publishedAt}>
              {formatDay(notice.publishedAt, language)}
            </time>
          </li>
        ))}
      </ul>
      <NoticeModal notice={open} onClose={() => setOpen(null)} />
    </>
  );
}
