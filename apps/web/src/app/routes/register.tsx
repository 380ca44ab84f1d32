import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { usePermission } from '@/api/get-permission';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { RegisterForm } from '@/features/auth/components/register-form';
import { usePageTitle } from '@/lib/use-page-title';
import '@/styles/account.css';

/** /register and /register.html: the registration form on its own page (referralCode from the address). */
export function RegisterPage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const { data: member } = useMemberInfo();
  usePageTitle(t('pages.register'), permission?.settings.brandName);
  if (member) return <Navigate to="/" replace />;

  return (
    <div className="page page--narrow">
      <BannerCarousel group="w_reg" />
      <section className="auth-card" aria-labelledby="register-title">
        <h1 className="auth-card__title" id="register-title">
          {t('auth.register.title')}
        </h1>
        <RegisterForm variant="page" />
      </section>
    </div>
  );
}
