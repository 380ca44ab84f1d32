import type { Notice } from '@portal/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENTS_REFETCH_MS, useAnnouncements } from '../api/get-announcements';
import { NoticeModal } from './notice-modal';

/** publishedAt is an ISO time, so plain string order is time order (localeCompare would build a collator). */
function latest(notices: Notice[]): Notice | undefined {
  let newest: Notice | undefined;
  for (const notice of notices) if (!newest || notice.publishedAt > newest.publishedAt) newest = notice;
  return newest;
}

/** Desktop side bar with the newest home notice; it refetches every 60 s so it stays current. */
export function LeftNoticeBar() {
  const { t } = useTranslation();
  const { data } = useAnnouncements({ refetchInterval: ANNOUNCEMENTS_REFETCH_MS });
  const [open, setOpen] = useState<Notice | null>(null);
  const notice = latest(data?.home ?? []);
  if (!notice) return null;

  return (
    <aside className="left-notice-bar" aria-label={t('notice.latest')} aria-live="polite">
      <span className="left-notice-bar__label">{t('notice.latest')}</span>
      <button type="button" className="left-notice-bar__title" onClick={() => setOpen(notice)}>
        {notice.title}
      </button>
      <NoticeModal notice={open} onClose={() => setOpen(null)} />
    </aside>
  );
}
