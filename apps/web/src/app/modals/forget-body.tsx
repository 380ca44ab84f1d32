import { useTranslation } from 'react-i18next';
import { usePermission } from '@/api/get-permission';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { CustomerServiceLink } from '@/features/system/components/customer-service-link';
import { usePortalModals } from '@/lib/portal-modals';

/** Forgot password, with the customer-service link at the bottom (spec section 2). */
export function ForgetBody() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const { close } = usePortalModals();
  return (
    <ForgotPasswordForm
      flags={permission?.settings.flags ?? {}}
      onMailSent={close}
      footer={<CustomerServiceLink permission={permission} lead={t('auth.forget.needHelp')} />}
    />
  );
}
