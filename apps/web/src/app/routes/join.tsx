import { useTranslation } from 'react-i18next';
import { usePermission } from '@/api/get-permission';
import { findCustomerService, openCustomerService } from '@/features/system/lib/customer-service';
import { usePageTitle } from '@/lib/use-page-title';

const BENEFITS = ['benefit1', 'benefit2', 'benefit3', 'benefit4'] as const;
const STEPS = ['step1', 'step2', 'step3'] as const;

export function JoinPage() {
  const { t } = useTranslation();
  const { data: permission } = usePermission();
  usePageTitle(t('join.title'), permission?.settings.brandName);
  const chat = findCustomerService(permission);

  return (
    <div className="page page--narrow join">
      <section className="join__hero">
        <h1 className="page-title">{t('join.title')}</h1>
        <p>{t('join.intro')}</p>
      </section>
      <section className="section" aria-labelledby="join-benefits">
        <h2 className="section__title" id="join-benefits">
          {t('join.benefitsTitle')}
        </h2>
        <ul className="join__benefits">
          {BENEFITS.map((key) => (
            <li key={key} className="join__benefit">
              <strong>{t(`join.${key}Title`)}</strong>
              <span>{t(`join.${key}Text`)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="join-steps">
        <h2 className="section__title" id="join-steps">
          {t('join.stepsTitle')}
        </h2>
        <ol className="join__steps">
          {STEPS.map((key) => (
            <li key={key}>{t(`join.${key}`)}</li>
          ))}
        </ol>
      </section>
      <p className="muted">{t('join.contact')}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={!chat}
        onClick={() => chat && openCustomerService(chat)}
      >
        {t('join.cta')}
      </button>
    </div>
  );
}
