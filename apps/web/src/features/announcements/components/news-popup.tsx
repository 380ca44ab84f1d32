import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { readStorage, writeStorage } from '@/lib/storage';
import { useAnnouncements } from '../api/get-announcements';

export const NEWS_POPUP_SEEN_KEY = 'newsPopupSeen';

/** The 'news' popup: shown once per browser session when popup notices exist. */
export function NewsPopup() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const [open, setOpen] = useState(false);
  const notices = data?.popup ?? [];

  useEffect(() => {
    if (notices.length > 0 && readStorage('session', NEWS_POPUP_SEEN_KEY) !== '1') {
      writeStorage('session', NEWS_POPUP_SEEN_KEY, '1');
      setOpen(true);
    }
  }, [notices.length]);

  return (
    <Modal open={open} onClose={() => setOpen(false)} title={t('notice.news')} testId="news-popup" size="lg">
      <ol className="news-popup__list">
        {notices.map((notice) => (
          <li key={notice.id} className="news-popup__item">
            <h3 className="news-popup__title">{notice.title}</h3>
            <SafeHtml html={notice.content} />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
