import type { SecondFactorChallenge } from '@portal/shared/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { usePermission } from '@/api/get-permission';
import { BannerCarousel } from '@/features/announcements/components/banner-carousel';
import { LoginForm } from '@/features/auth/components/login-form';
import { VendorLobby } from '@/features/games/components/vendor-lobby';
import { usePageTitle } from '@/lib/use-page-title';
import '@/styles/account.css';

/** /login: the vendor lobby beside the login form (spec section 2, Login screen). */
export function LoginPage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const { data: member } = useMemberInfo();
  // The server sends a failed social sign-in back here.
  const [searchParams] = useSearchParams();
  const socialFailed = searchParams.has('socialError');
  // A social sign-in of a member who asks for the authenticator app at every login comes back with its challenge.
  const [socialChallenge] = useState(() => challengeFromFragment(window.location.hash));
  usePageTitle(t('pages.login'), permission?.settings.brandName);
  if (member) return <Navigate to="/" replace />;

  return (
    <div className="page">
      <BannerCarousel />
      <div className="login-page">
        <div className="login-page__lobby">
          <VendorLobby />
        </div>
        <section className="auth-card login-page__form" aria-labelledby="login-title">
          <h1 className="auth-card__title" id="login-title">
            {t('pages.login')}
          </h1>
          <LoginForm
            variant="page"
            flags={permission?.settings.flags ?? {}}
            initialMessage={socialFailed ? t('auth.social.failed') : undefined}
            initialChallenge={socialChallenge}
          />
        </section>
      </div>
    </div>
  );
}

/** `#secondFactor=<id>`, which the server's social sign-in callback sends; the fragment is then cleared. */
export function challengeFromFragment(hash: string): SecondFactorChallenge | undefined {
  const challengeId = new URLSearchParams(hash.replace(/^#/, '')).get('secondFactor');
  if (!challengeId) return undefined;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return {
    status: 'SECOND_FACTOR',
    challengeId,
    methods: ['totp'],
    maskedMobile: null,
    maskedEmail: null,
    reason: 'ALWAYS',
  };
}
