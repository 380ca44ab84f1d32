import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** An honest placeholder for screens of later capabilities: no invented data. */
export function ComingSoon({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" data-testid="coming-soon">
      <h1 className="page-title">{title}</h1>
      <div className="coming-soon__card">
        <svg className="coming-soon__icon" viewBox="0 0 64 64" aria-hidden="true">
          <circle cx="32" cy="32" r="26" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M32 18v15l10 6" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
        </svg>
        <p className="coming-soon__title">{t('common.comingSoon')}</p>
        <p className="coming-soon__text">{t('common.comingSoonText')}</p>
        {children}
        <Link className="button button--primary" to="/">
          {t('common.backHome')}
        </Link>
      </div>
    </section>
  );
}
