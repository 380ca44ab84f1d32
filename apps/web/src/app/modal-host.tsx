import { Component, type ComponentType, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLogout } from '@/features/auth/api/logout';
import { type PortalModal, type PortalModalName, usePortalModals } from '@/lib/portal-modals';
import { hasSessionHint, isTrialType } from '@/lib/session';
import { lazyPage } from './lazy-page';

// Each modal's content is its own chunk, loaded when first opened; the dialog frame is already here.
const BODIES: Record<PortalModalName, ComponentType> = {
  login: lazyPage(
    () => import('./modals/login-body'),
    (m) => m.LoginBody,
  ),
  register: lazyPage(
    () => import('./modals/register-body'),
    (m) => m.RegisterBody,
  ),
  forget: lazyPage(
    () => import('./modals/forget-body'),
    (m) => m.ForgetBody,
  ),
  changePassword: lazyPage(
    () => import('./modals/change-password-body'),
    (m) => m.ChangePasswordBody,
  ),
  memberCentre: lazyPage(
    () => import('./modals/member-centre-body'),
    (m) => m.MemberCentreBody,
  ),
  agentCentre: lazyPage(
    () => import('@/features/agent/components/agent-centre'),
    (m) => m.AgentCentre,
  ),
};

const TITLE_KEYS: Record<PortalModalName, string> = {
  login: 'pages.login',
  register: 'pages.register',
  forget: 'pages.forget',
  changePassword: 'pages.changePassword',
  memberCentre: 'header.memberCentre',
  agentCentre: 'header.agentCentre',
};

/** The two centres: wide dialogs on desktops, the whole screen on phones; they need a session. */
const CENTRES: readonly PortalModalName[] = ['memberCentre', 'agentCentre'];

/** A modal's content that failed to arrive: say so inside the dialog instead of breaking the page. */
class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The header's modals (see lib/portal-modals): the open one, with the login-required and trial checks. */
export function ModalHost() {
  const { t } = useTranslation();
  const { current, open, close } = usePortalModals();
  const member = useMemberInfo();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onChangePasswordPage = pathname.toLowerCase() === '/changepassword';
  const signedIn = Boolean(member.data);
  const checkingSession = hasSessionHint() && member.isPending;

  // A session that must change its password (found again after a reload) gets the forced change first.
  useEffect(() => {
    if (member.data?.mustChangePassword && current?.name !== 'changePassword' && !onChangePasswordPage) {
      open({ name: 'changePassword', forced: true });
    }
  }, [member.data?.mustChangePassword, current?.name, onChangePasswordPage, open]);

  // Spec section 4: the member centre needs a session; without one the login popup opens instead.
  useEffect(() => {
    const name = current?.name;
    if (!checkingSession && !signedIn && name && (CENTRES.includes(name) || name === 'changePassword')) {
      open({ name: 'login' });
    }
  }, [checkingSession, signedIn, current?.name, open]);

  if (!current) return null;

  if (CENTRES.includes(current.name) && member.data && isTrialType(member.data.type)) {
    return (
      <AlertDialog
        open
        message={t('in_need_true_account')}
        confirmLabel={t('in_increase_submit')}
        onConfirm={() => open({ name: 'register' })}
        cancelLabel={t('common.cancel')}
        onCancel={close}
        testId="need-real-account"
      />
    );
  }

  function onClose(modal: PortalModal) {
    if (modal.name === 'changePassword' && modal.forced) {
      // The session can do nothing until the password changes, so leaving the forced change signs out.
      void logout.signOut().then(() => navigate('/'));
    } else if (modal.name === 'changePassword' && modal.fromMemberCentre) {
      open({ name: 'memberCentre' });
      return;
    }
    close();
  }

  const Body = BODIES[current.name];
  const error = (
    <ErrorState title={t('chunk.title')} message={t('chunk.failed')} onRetry={() => window.location.reload()} />
  );
  return (
    <Modal
      key={current.name}
      open
      onClose={() => onClose(current)}
      title={t(TITLE_KEYS[current.name])}
      size={CENTRES.includes(current.name) ? 'lg' : 'md'}
      testId={`modal-${current.name}`}
    >
      <ChunkBoundary key={current.name} fallback={error}>
        <Suspense fallback={<SkeletonLines lines={6} />}>
          {checkingSession && CENTRES.includes(current.name) ? <SkeletonLines lines={6} /> : <Body />}
        </Suspense>
      </ChunkBoundary>
    </Modal>
  );
}
