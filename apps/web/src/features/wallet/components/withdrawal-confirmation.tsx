import { PROOF_MAX_FILES, type Withdrawal } from '@portal/shared/wallet';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { FormAlert } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useConfirmWithdrawal } from '../api/confirm-withdrawal';
import { checkReceivedAmount } from '../lib/amount';
import { failureText } from '../lib/errors';
import { AmountField } from './amount-field';
import { amountMessage } from './amount-message';
import { ImagePicker } from './image-picker';

/**
 * A paid withdrawal asks the member whether the money arrived. "Received" closes it; "not received" reports how
 * much did arrive, with up to three proof images, for the operator to settle. Not answering by the deadline
 * counts as received.
 */
export function WithdrawalConfirmation({ withdrawal, symbol }: { withdrawal: Withdrawal; symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const confirm = useConfirmWithdrawal();
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [received, setReceived] = useState('');
  const [proofs, setProofs] = useState<File[]>([]);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  function onError(error: unknown) {
    setAsking(false);
    setFormError(failureText(error, t));
  }

  function confirmReceived() {
    setFormError(null);
    confirm.mutate(
      { orderNo: withdrawal.orderNo, received: true },
      {
        onSuccess: () => {
          setAsking(false);
          toast.show(t('wallet.withdraw.confirmedReceived'), 'success');
        },
        onError,
      },
    );
  }

  function reportMissing(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    const check = checkReceivedAmount(received, withdrawal.amount);
    setAmountError(check.ok ? null : amountMessage(t, check, symbol));
    setFormError(null);
    if (!check.ok) return;
    confirm.mutate(
      { orderNo: withdrawal.orderNo, received: false, receivedAmount: check.amount, proofs },
      { onSuccess: () => toast.show(t('wallet.withdraw.reportedMissing'), 'success'), onError },
    );
  }

  return (
    <div className="withdrawal-confirmation" data-testid="withdrawal-confirmation">
      <p className="withdrawal-confirmation__question">{t('wallet.withdraw.didYouReceive')}</p>
      {withdrawal.confirmBy ? (
        <p className="muted">
          {t('wallet.withdraw.confirmBy', { time: formatDateTime(withdrawal.confirmBy, language) })}
        </p>
      ) : null}
      {reporting ? (
        <form className="wallet-form" noValidate onSubmit={reportMissing}>
          <AmountField
            label={t('wallet.withdraw.receivedAmount')}
            hint={t('wallet.withdraw.receivedAmountHint')}
            value={received}
            onChange={(value) => {
              setReceived(value);
              setAmountError(null);
            }}
            symbol={symbol}
            error={amountError}
          />
          <ImagePicker label={t('wallet.withdraw.proofs')} files={proofs} onChange={setProofs} max={PROOF_MAX_FILES} />
          <FormAlert>{formError}</FormAlert>
          <div className="wallet-form__actions">
            <button type="button" className="button button--ghost" onClick={() => setReporting(false)}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button--primary" disabled={confirm.isPending}>
              {confirm.isPending ? t('common.loading') : t('wallet.withdraw.sendReport')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <FormAlert>{formError}</FormAlert>
          <div className="wallet-actions">
            <button type="button" className="button button--primary" onClick={() => setAsking(true)}>
              {t('wallet.withdraw.received')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setReporting(true)}>
              {t('wallet.withdraw.notReceived')}
            </button>
          </div>
        </>
      )}
      <AlertDialog
        open={asking}
        tone="info"
        message={t('wallet.withdraw.receivedConfirm')}
        cancelLabel={t('common.cancel')}
        onCancel={() => setAsking(false)}
        onConfirm={confirmReceived}
        busy={confirm.isPending}
        testId="confirm-received"
      />
    </div>
  );
}
