import type { PermissionInfo } from '@portal/shared/api';
import { useTranslation } from 'react-i18next';
import { findCustomerService, openCustomerService } from '../lib/customer-service';

export function CustomerServiceButton({ permission }: { permission: PermissionInfo | undefined }) {
  const { t } = useTranslation();
  const link = findCustomerService(permission);
  return (
    <button
      type="button"
      className="button button--primary button--wide"
      disabled={!link}
      onClick={() => link && openCustomerService(link)}
    >
      {t('status.customerService')}
    </button>
  );
}
