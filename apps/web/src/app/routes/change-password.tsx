import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { usePermission } from '@/api/get-permission';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { usePortalModals } from '@/lib/portal-modals';
import { hasSessionHint, MEMBER_QUERY_KEY } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import '@/styles/account.css';

/** /changePassword: the signed-in member's password change; visitors are asked to log in first. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const member = useMemberInfo();
  const { open } = usePortalModals();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const location = useLocation();
  const knownPassword = (location.state as { knownPassword?: boolean } | null)?.knownPassword === true;
  usePageTitle(t('pages.changePassword'), permission?.settings.brandName);

  let content: ReactNode;
  if (hasSessionHint() && member.isPending) {
    content = <SkeletonLines lines={5} />;
  } else if (!member.data) {
    content = (
      <div className="stack">
        <p className="muted">{t('auth.change.loginFirst')}</p>
        <button type="button" className="button button--primary" onClick={() => open({ name: 'login' })}>
          {t('header.login')}
        </button>
      </div>
    );
  } else {
    content = (
      <ChangePasswordForm
        username={member.data.account}
        knownPassword={knownPassword}
        forced={member.data.mustChangePassword}
        onDone={() => {
          void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_KEY] });
          toast.show(t('auth.change.done'), 'success');
          navigate('/');
        }}
      />
    );
  }

  return (
    <div className="page page--narrow">
      <section className="auth-card" aria-labelledby="change-password-title">
        <h1 className="auth-card__title" id="change-password-title">
          {t('pages.changePassword')}
        </h1>
        {content}
      </section>
    </div>
  );
}
