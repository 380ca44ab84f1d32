import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePermission } from '@/api/get-permission';
import { findCustomerService, openCustomerService } from '../lib/customer-service';

/**
 * Fixed side bar on desktop, a small floating stack on phones: live chat, social links, and the floating
 * rebate-offer link when the manual rebate feature (MANPLAYREB3) is on and customer service is present.
 * `children` come last: the layout puts a signed-in member's recent-games button there. The layout loads this
 * bar lazily, once idle.
 */
export function RightBar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const chat = findCustomerService(permission);
  const social = permission?.settings.socialLinks;
  const promo = permission?.settings.flags.MANPLAYREB3 === true && chat !== undefined;
  if (!chat && !social?.facebook && !social?.telegram && !children) return null;

  return (
    <aside className="right-bar" aria-label={t('rightBar.label')}>
      {chat ? (
        <button type="button" className="right-bar__item" onClick={() => openCustomerService(chat)}>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 5h16v10H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          <span>{t('rightBar.liveChat')}</span>
        </button>
      ) : null}
      {promo ? (
        <Link className="right-bar__item right-bar__item--promo" to="/promotions">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          <span>{t('rightBar.promo')}</span>
        </Link>
      ) : null}
      {social?.facebook ? (
        <a className="right-bar__item" href={social.facebook} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8z" fill="currentColor" />
          </svg>
          <span>{t('rightBar.facebook')}</span>
        </a>
      ) : null}
      {social?.telegram ? (
        <a className="right-bar__item" href={social.telegram} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M21 4 3 11l6 2 2 6 3-4 5 4z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          <span>{t('rightBar.telegram')}</span>
        </a>
      ) : null}
      {children}
    </aside>
  );
}
