import { useTranslation } from 'react-i18next';
import { AgentCard } from './agent-card';
import { InviteLinksPanel } from './invite-links';
import { NewDownlineForm } from './new-downline-form';

/** The register centre (spec section 2, "account"): open a downline directly, or invite through links. */
export function RegisterCentre() {
  const { t } = useTranslation();
  return (
    <div className="wallet-page register-centre" data-testid="register-centre">
      <AgentCard id="register-centre-new" title={t('agent.register.title')}>
        <p className="muted">{t('agent.register.intro')}</p>
        <NewDownlineForm />
      </AgentCard>
      <AgentCard id="register-centre-links" title={t('agent.links.title')}>
        <p className="muted">{t('agent.links.intro')}</p>
        <InviteLinksPanel />
      </AgentCard>
    </div>
  );
}
