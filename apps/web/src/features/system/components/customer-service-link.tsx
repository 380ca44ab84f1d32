import type { PermissionInfo } from '@portal/shared/api';
import { useTranslation } from 'react-i18next';
import { findCustomerService, openCustomerService } from '../lib/customer-service';

/** A line under a form: 'Need help? Customer service', when the brand has live chat. */
export function CustomerServiceLink({ permission, lead }: { permission: PermissionInfo | undefined; lead: string }) {
  const { t } = useTranslation();
  const chat = findCustomerService(permission);
  if (!chat) return null;
  return (
    <p className="auth-form__switch">
      {lead}{' '}
      <button type="button" className="link-button" onClick={() => openCustomerService(chat)}>
        {t('status.customerService')}
      </button>
    </p>
  );
}
