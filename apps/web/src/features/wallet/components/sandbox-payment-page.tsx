import '../i18n/register';
import { formatMoney, isDecimalAmount } from '@portal/shared/money';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/ui/form-field';
import { usePageTitle } from '@/lib/use-page-title';
import { type SandboxOutcome, useCompleteSandboxPayment } from '../api/complete-sandbox-payment';
import { failureText } from '../lib/errors';
import '@/styles/account.css';
import '@/styles/wallet.css';

/**
 * The sandbox provider's payment page (a provider channel's payUrl points here): a tester chooses whether the
 * payment succeeds or fails, and the sandbox then sends its signed callback to the portal. Test only.
 */
export function SandboxPaymentPage() {
  const { t } = useTranslation();
  const { providerRef = '' } = useParams();
  const [search] = useSearchParams();
  const amount = search.get('amount') ?? '';
  const complete = useCompleteSandboxPayment(providerRef);
  usePageTitle(t('wallet.sandbox.title'));

  const choose = (outcome: SandboxOutcome) => {
    if (!complete.isPending && !complete.isSuccess) complete.mutate(outcome);
  };

  return (
    <section className="page page--narrow sandbox-pay" data-testid="sandbox-pay">
      <div className="wallet-card">
        <h1 className="page-title">{t('wallet.sandbox.title')}</h1>
        <p className="sandbox-pay__warning" role="note">
          {t('wallet.sandbox.testOnly')}
        </p>
        <dl className="details">
          <div className="details__row">
            <dt>{t('wallet.sandbox.reference')}</dt>
            <dd className="tabular">{providerRef}</dd>
          </div>
          <div className="details__row">
            <dt>{t('wallet.amount.label')}</dt>
            <dd className="tabular">{isDecimalAmount(amount) ? formatMoney(amount, '').trim() : '—'}</dd>
          </div>
        </dl>
        {complete.isSuccess ? (
          <FormAlert tone={complete.variables === 'paid' ? 'success' : 'info'}>
            {complete.variables === 'paid' ? t('wallet.sandbox.paid') : t('wallet.sandbox.failed')}
          </FormAlert>
        ) : (
          <>
            <FormAlert>{complete.isError ? failureText(complete.error, t) : null}</FormAlert>
            <div className="wallet-actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => choose('paid')}
                disabled={complete.isPending}
              >
                {t('wallet.sandbox.pay')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => choose('failed')}
                disabled={complete.isPending}
              >
                {t('wallet.sandbox.fail')}
              </button>
            </div>
          </>
        )}
        {complete.isSuccess ? <p className="muted">{t('wallet.sandbox.closeHint')}</p> : null}
      </div>
    </section>
  );
}
