import { useTranslation } from 'react-i18next';

/** Shown instead of a form that needs the payment password while the member has none. */
export function PaymentPasswordPrompt({ onSetPaymentPassword }: { onSetPaymentPassword: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="wallet-prompt" role="status" data-testid="payment-password-prompt">
      <p className="wallet-prompt__title">{t('wallet.paymentPassword.missingTitle')}</p>
      <p className="muted">{t('wallet.paymentPassword.missingText')}</p>
      <button type="button" className="button button--primary" onClick={onSetPaymentPassword}>
        {t('wallet.paymentPassword.set')}
      </button>
    </div>
  );
}
