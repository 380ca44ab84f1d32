import type { MemberInfo } from '@portal/shared/auth';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Avatar } from '@/components/ui/avatar';
import { useMemberIcon } from '@/features/auth/api/get-member-icon';
import { useLogout } from '@/features/auth/api/logout';
import { usePortalModals } from '@/lib/portal-modals';
import { isAgentType } from '@/lib/session';

/** Member-centre pages the account menu opens directly, in the spec's order: betting record, deposit, withdrawal,
 * account record. */
const SHORTCUTS = ['personalHistoryCopy', 'depositv2', 'withdraw', 'transactionHistory'] as const;

/**
 * The signed-in header: account name and a drop menu with the betting record, deposit, withdrawal, account record,
 * the member centre ('Agent' first for agents, opening the agent centre) and sign out, which asks first (cancel,
 * confirm).
 */
export function AccountMenu({ member }: { member: MemberInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { open: openModal, close: closeModals } = usePortalModals();
  const logout = useLogout();
  const { data: icon } = useMemberIcon(true);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const agent = isAgentType(member.type);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function choose(action: () => void) {
    setOpen(false);
    action();
  }

  async function signOut() {
    await logout.signOut();
    setConfirming(false);
    closeModals();
    navigate('/');
  }

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar src={icon?.icon} name={member.account} size="small" />
        <span className="account-menu__name">{member.account}</span>
        <span className="visually-hidden">{t('header.accountMenu')}</span>
        <svg className="account-menu__caret" viewBox="0 0 24 24" aria-hidden="true">
          <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open ? (
        <ul className="account-menu__list" id={menuId}>
          {agent ? (
            <li>
              <button
                type="button"
                className="account-menu__item"
                onClick={() => choose(() => openModal({ name: 'agentCentre' }))}
              >
                {t('header.agent')}
              </button>
            </li>
          ) : null}
          {SHORTCUTS.map((page) => (
            <li key={page}>
              <button
                type="button"
                className="account-menu__item"
                onClick={() => choose(() => openModal({ name: 'memberCentre', page }))}
              >
                {t(`memberCentre.pages.${page}`)}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="account-menu__item"
              onClick={() => choose(() => openModal({ name: 'memberCentre' }))}
            >
              {agent ? t('header.memberCentre') : t('header.myAccount')}
            </button>
          </li>
          <li>
            <button type="button" className="account-menu__item" onClick={() => choose(() => setConfirming(true))}>
              {t('header.logout')}
            </button>
          </li>
        </ul>
      ) : null}
      <AlertDialog
        open={confirming}
        message={t('header.logoutConfirm')}
        cancelLabel={t('common.cancel')}
        onCancel={() => setConfirming(false)}
        confirmLabel={t('common.confirm')}
        onConfirm={() => void signOut()}
        busy={logout.isPending}
        testId="logout-confirm"
      />
    </div>
  );
}
