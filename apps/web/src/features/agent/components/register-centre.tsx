import { useTranslation } from 'react-i18next';
import { InviteLinksPanel } from './invite-links';
import { NewDownlineForm } from './new-downline-form';

/** The register centre (spec section 2, "account"): open a downline directly, or invite through links. */
export function RegisterCentre() {
  const { t } = useTranslation();
  return (
    <div className="wallet-page register-centre" data-testid="register-centre">
      <section className="wallet-card" aria-labelledby="register-centre-new">
        <div className="wallet-card__head">
          <h3 className="wallet-card__title" id="register-centre-new">
            {t('agent.register.title')}
          </h3>
        </div>
        <p className="muted">{t('agent.register.intro')}</p>
        <NewDownlineForm />
      </section>
      <section className="wallet-card" aria-labelledby="register-centre-links">
        <div className="wallet-card__head">
          <h3 className="wallet-card__title" id="register-centre-links">
            {t('agent.links.title')}
          </h3>
        </div>
        <p className="muted">{t('agent.links.intro')}</p>
        <InviteLinksPanel />
      </section>
    </div>
  );
}
