import type { PermissionInfo } from '@portal/shared/api';
import { useTranslation } from 'react-i18next';
import { findCustomerService, openCustomerService, ownHelpSection } from '../lib/customer-service';

export interface CustomerServiceButtonProps {
  permission: PermissionInfo | undefined;
  /**
   * Shows a section of the portal's own help centre in place of the pop-up, for links that lead there: where the
   * app shows a status screen instead of its pages, a pop-up of the same app would only show that screen again.
   */
  onHelpSection?: (section: string) => void;
}

export function CustomerServiceButton({ permission, onHelpSection }: CustomerServiceButtonProps) {
  const { t } = useTranslation();
  const link = findCustomerService(permission);
  const section = link && onHelpSection ? ownHelpSection(link) : undefined;
  return (
    <button
      type="button"
      className="button button--primary button--wide"
      disabled={!link}
      onClick={() => {
        if (section !== undefined) onHelpSection?.(section);
        else if (link) openCustomerService(link);
      }}
    >
      {t('status.customerService')}
    </button>
  );
}
