import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, useOpenModalCount } from '@/components/ui/modal';
import { SafeHtml } from '@/components/ui/safe-html';
import { readStorage, writeStorage } from '@/lib/storage';
import { useAnnouncements } from '../api/get-announcements';

export const NEWS_POPUP_SEEN_KEY = 'newsPopupSeen';

/**
 * The 'news' popup: shown once per browser session when popup notices exist, and only while no other dialog is
 * open (the terms opened by /help#terms, a login): it waits for that one to close, and steps aside while one is
 * opened over it, coming back after.
 */
export function NewsPopup() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const [wanted, setWanted] = useState(false);
  const [shown, setShown] = useState(false);
  // Its own dialog counts once it has mounted, which is a render after `shown` turns true: hence at least 0.
  const otherDialogs = Math.max(0, useOpenModalCount() - (shown ? 1 : 0));
  const notices = data?.popup ?? [];

  useEffect(() => {
    if (notices.length > 0 && readStorage('session', NEWS_POPUP_SEEN_KEY) !== '1') {
      writeStorage('session', NEWS_POPUP_SEEN_KEY, '1');
      setWanted(true);
    }
  }, [notices.length]);

  useEffect(() => {
    setShown(wanted && otherDialogs === 0);
  }, [wanted, otherDialogs]);

  return (
    <Modal
      open={shown}
      onClose={() => setWanted(false)}
      title={t('notice.news')}
      testId="news-popup"
      size="lg"
      fitContent
    >
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
