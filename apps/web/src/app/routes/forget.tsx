import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { CustomerServiceLink } from '@/features/system/components/customer-service-link';
import { usePageTitle } from '@/lib/use-page-title';
import '@/styles/account.css';

/** /forget: ask for a reset (e-mail or SMS), or, from the e-mailed link (?resetToken=), set the new password. */
export function ForgetPage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('resetToken');
  const title = token ? t('auth.reset.title') : t('pages.forget');
  usePageTitle(title, permission?.settings.brandName);

  return (
    <div className="page page--narrow">
      <BannerCarousel group="w_forget" />
      <section className="auth-card" aria-labelledby="forget-title">
        <h1 className="auth-card__title" id="forget-title">
          {title}
        </h1>
        {token ? (
          <ResetPasswordForm token={token} onRequestNewLink={() => navigate('/forget', { replace: true })} />
        ) : (
          <ForgotPasswordForm
            flags={permission?.settings.flags ?? {}}
            onMailSent={() => navigate('/')}
            footer={<CustomerServiceLink permission={permission} lead={t('auth.forget.needHelp')} />}
          />
        )}
      </section>
    </div>
  );
}
