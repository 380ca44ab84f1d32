import type { Notice } from '@portal/shared/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnouncements } from '../api/get-announcements';
import { NoticeModal } from './notice-modal';

/** Roughly 60 px per second whatever the length of the texts. */
function durationFor(notices: Notice[]): number {
  const characters = notices.reduce((sum, notice) => sum + notice.title.length, 0);
  return Math.max(15, Math.round(characters * 0.25));
}

export function NoticeMarquee() {
  const { t } = useTranslation();
  const { data } = useAnnouncements();
  const [open, setOpen] = useState<Notice | null>(null);
  const notices = data?.home ?? [];

  return (
    <section className="notice-marquee" data-testid="notice-marquee" aria-label={t('notice.news')}>
      <span className="notice-marquee__label">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 10v4h3l6 4V6L6 10zM16 8a5 5 0 0 1 0 8" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t('notice.news')}
      </span>
      <div className="notice-marquee__viewport">
        {notices.length > 0 ? (
          <div className="notice-marquee__track" style={{ animationDuration: `${durationFor(notices)}s` }}>
            {[0, 1].map((copy) => (
              // The second copy makes the loop seamless; it is hidden from assistive technology.
              <ul className="notice-marquee__list" key={copy} aria-hidden={copy === 1 ? true : undefined}>
                {notices.map((notice) => (
                  <li key={notice.id}>
                    <button
                      type="button"
                      className="notice-marquee__item"
                      tabIndex={copy === 1 ? -1 : undefined}
                      onClick={() => setOpen(notice)}
                    >
                      {notice.title}
                    </button>
                  </li>
                ))}
              </ul>
            ))}
          </div>
        ) : null}
      </div>
      <NoticeModal notice={open} onClose={() => setOpen(null)} />
    </section>
  );
}
