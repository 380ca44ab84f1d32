import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function EmptyState({ message, action }: { message?: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="state state--empty" role="status">
      <svg className="state__icon" viewBox="0 0 48 48" aria-hidden="true">
        <rect x="8" y="12" width="32" height="26" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M8 22h10l3 4h6l3-4h10" fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
      <p>{message ?? t('common.noData')}</p>
      {action}
    </div>
  );
}
