import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from './customer-service-button';
import type { StatusScreenProps } from './status-screen-props';

export function RegionBlockScreen({ status, permission, onHelpSection }: StatusScreenProps) {
  const { t } = useTranslation();
  return (
    <main className="status-screen" data-testid="region-block-screen">
      <div className="status-screen__card">
        <svg className="status-screen__icon" viewBox="0 0 64 64" aria-hidden="true">
          <circle cx="32" cy="32" r="24" fill="none" stroke="currentColor" strokeWidth="3.5" />
          <path d="M15 15l34 34" stroke="currentColor" strokeWidth="3.5" />
        </svg>
        <h1 className="status-screen__title">{t('status.blockedTitle')}</h1>
        <p className="status-screen__ip tabular">{t('status.yourIp', { ip: status.ip })}</p>
        <p className="status-screen__message">{status.message || t('status.blockedMessage')}</p>
        <CustomerServiceButton permission={permission} onHelpSection={onHelpSection} />
      </div>
    </main>
  );
}
