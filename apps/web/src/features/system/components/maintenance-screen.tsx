import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { CustomerServiceButton } from './customer-service-button';
import type { StatusScreenProps } from './status-screen-props';

export function MaintenanceScreen({ status, permission, onHelpSection }: StatusScreenProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const end = status.maintenanceEnd ? formatDateTime(status.maintenanceEnd, language) : null;

  return (
    <main className="status-screen" data-testid="maintenance-screen">
      <div className="status-screen__card">
        <svg className="status-screen__icon" viewBox="0 0 64 64" aria-hidden="true">
          <path
            d="M40 8a14 14 0 0 0-13 19L9 45a5 5 0 0 0 7 7l18-18a14 14 0 0 0 19-13l-8 8-8-2-2-8z"
            fill="none"
            stroke="currentColor"
            strokeWidth="3.5"
            strokeLinejoin="round"
          />
        </svg>
        <h1 className="status-screen__title">{t('status.maintenanceTitle')}</h1>
        {end ? (
          <p className="status-screen__end" data-testid="maintenance-end">
            {t('status.maintenanceEnd', { time: end })}
          </p>
        ) : null}
        <p className="status-screen__message">{status.message || t('status.maintenanceDefault')}</p>
        <CustomerServiceButton permission={permission} onHelpSection={onHelpSection} />
      </div>
    </main>
  );
}
