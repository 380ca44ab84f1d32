import { useTranslation } from 'react-i18next';
import { useMemberInfo } from '@/api/get-member-info';
import { usePermission } from '@/api/get-permission';
import { SkeletonLines } from '@/components/ui/skeleton';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePortalModals } from '@/lib/portal-modals';
import { hasSessionHint, isAgentType } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import '@/styles/account.css';

/** Member types 41 and 42 are agents who also play (spec section 9). */
const AGENTS_WHO_PLAY = [41, 42];

/**
 * /agentHome: the agent login (portal 'agent', no remember option) until an agent is signed in, then the
 * agent's home: the account card and the door to the agent centre.
 */
export function AgentHomePage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  const member = useMemberInfo();
  const { open } = usePortalModals();
  usePageTitle(t('pages.agentHome'), permission?.settings.brandName);

  if (hasSessionHint() && member.isPending) {
    return (
      <div className="page page--narrow">
        <SkeletonLines lines={6} />
      </div>
    );
  }

  const agent = member.data && isAgentType(member.data.type) ? member.data : null;
  if (!agent) {
    return (
      <div className="page page--narrow">
        <section className="auth-card" aria-labelledby="agent-login-title">
          <h1 className="auth-card__title" id="agent-login-title">
            {t('agentHome.loginTitle')}
          </h1>
          <p className="muted">{member.data ? t('agentHome.notAgent') : t('agentHome.loginIntro')}</p>
          <LoginForm variant="page" portal="agent" flags={permission?.settings.flags ?? {}} />
        </section>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <h1 className="page-title">{t('pages.agentHome')}</h1>
      <section className="account-card" aria-labelledby="agent-account">
        <h2 className="account-card__title" id="agent-account">
          {t('agentHome.account')}
        </h2>
        <dl className="details">
          <div className="details__row">
            <dt>{t('auth.username')}</dt>
            <dd>{agent.account}</dd>
          </div>
          <div className="details__row">
            <dt>{t('agentHome.type')}</dt>
            <dd>
              {AGENTS_WHO_PLAY.includes(agent.type) ? t('agentHome.types.agentPlayer') : t('agentHome.types.agent')}
            </dd>
          </div>
          <div className="details__row">
            <dt>{t('member.inviteCode')}</dt>
            <dd className="tabular">{agent.inviteCode || '—'}</dd>
          </div>
        </dl>
      </section>
      <section className="account-card agent-home__centre" aria-labelledby="agent-centre-entry">
        <h2 className="account-card__title" id="agent-centre-entry">
          {t('header.agentCentre')}
        </h2>
        <p className="muted">{t('agentHome.centreIntro')}</p>
        <button
          type="button"
          className="button button--primary button--wide"
          onClick={() => open({ name: 'agentCentre' })}
          data-testid="open-agent-centre"
        >
          {t('agentHome.openCentre')}
        </button>
      </section>
    </div>
  );
}
