import { type DepositOrder, TRANSACTION_REF_PATTERN } from '@portal/shared/wallet';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button';
import { Countdown } from '@/components/ui/countdown';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useDeposit } from '../api/get-deposit';
import { useSubmitDeposit } from '../api/submit-deposit';
import { failureText } from '../lib/errors';
import { ImagePicker } from './image-picker';
import { Money } from './money';
import { StatusPill } from './status-pill';

export interface DepositOrderViewProps {
  orderNo: string;
  symbol: string;
  /** Back to the channel and amount form for another deposit. */
  onNew: () => void;
}

/** One deposit order: where to pay and what to report (manual), or the gateway's page (provider), and its status. */
export function DepositOrderView({ orderNo, symbol, onNew }: DepositOrderViewProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useDeposit(orderNo);

  if (query.isPending) return <SkeletonLines lines={6} />;
  if (query.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void query.refetch()} />;
  const order = query.data;
  const open = order.status === 'created';

  return (
    <div className="deposit-order" data-testid="deposit-order">
      <div className="deposit-order__head">
        <div>
          <p className="muted">{order.channelName}</p>
          <Money amount={order.amount} symbol={symbol} className="deposit-order__amount" />
        </div>
        <StatusPill kind="deposit" status={order.status} />
      </div>
      <dl className="details">
        <div className="details__row">
          <dt>{t('wallet.deposit.orderNo')}</dt>
          <dd className="tabular">{order.orderNo}</dd>
        </div>
        <div className="details__row">
          <dt>{t('wallet.createdAt')}</dt>
          <dd>{formatDateTime(order.createdAt, language)}</dd>
        </div>
        {open ? (
          <div className="details__row">
            <dt>{t('wallet.deposit.timeLeft')}</dt>
            <dd>
              <Countdown to={order.expiresAt} label={t('wallet.deposit.timeLeft')} onEnd={() => void query.refetch()} />
            </dd>
          </div>
        ) : null}
        {order.transactionRef ? (
          <div className="details__row">
            <dt>{t('wallet.deposit.transactionRef')}</dt>
            <dd className="tabular">{order.transactionRef}</dd>
          </div>
        ) : null}
      </dl>

      {open && order.mode === 'manual' ? <ManualPayment order={order} symbol={symbol} /> : null}
      {open && order.mode === 'provider' ? <ProviderPayment order={order} /> : null}
      <StatusNote order={order} />

      <button type="button" className="button button--ghost" onClick={onNew}>
        {t('wallet.deposit.new')}
      </button>
    </div>
  );
}

function StatusNote({ order }: { order: DepositOrder }) {
  const { t } = useTranslation();
  switch (order.status) {
    case 'waiting_confirmation':
      return <FormAlert tone="info">{t('wallet.deposit.waiting')}</FormAlert>;
    case 'confirmed':
      return <FormAlert tone="success">{t('wallet.deposit.confirmed')}</FormAlert>;
    case 'expired':
      return <FormAlert tone="info">{t('wallet.deposit.expired')}</FormAlert>;
    case 'rejected':
      return (
        <FormAlert>
          {t('wallet.deposit.rejected')}
          {order.rejectReason ? ` ${t('wallet.reason', { reason: order.rejectReason })}` : ''}
        </FormAlert>
      );
    default:
      return null;
  }
}

/** The gateway's page, only as an http(s) address: an order must never carry a script URL into a link. */
export function safePayUrl(payUrl: string | null): string | null {
  if (!payUrl) return null;
  try {
    const url = new URL(payUrl, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? payUrl : null;
  } catch {
    return null;
  }
}

function ProviderPayment({ order }: { order: DepositOrder }) {
  const { t } = useTranslation();
  const payUrl = safePayUrl(order.payUrl);
  if (!payUrl) return <FormAlert>{t('wallet.deposit.noPayUrl')}</FormAlert>;
  return (
    <div className="stack">
      <p>{t('wallet.deposit.providerHint')}</p>
      <a className="button button--primary" href={payUrl} target="_blank" rel="noopener noreferrer">
        {t('wallet.deposit.payNow')}
      </a>
    </div>
  );
}

/** A manual channel: the operator's receiving account, then the member reports the transaction id. */
function ManualPayment({ order, symbol }: { order: DepositOrder; symbol: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const submit = useSubmitDeposit();
  const [reference, setReference] = useState('');
  const [receipt, setReceipt] = useState<File[]>([]);
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const account = order.receivingAccount;

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending) return;
    const value = reference.trim();
    const problem = !value
      ? t('form.required')
      : TRANSACTION_REF_PATTERN.test(value)
        ? null
        : t('wallet.deposit.transactionRefInvalid');
    setReferenceError(problem);
    setFormError(null);
    if (problem) return;
    submit.mutate(
      { orderNo: order.orderNo, transactionRef: value, receipt: receipt[0] ?? null },
      {
        onSuccess: () => toast.show(t('wallet.deposit.submitted'), 'success'),
        onError: (error) => setFormError(failureText(error, t)),
      },
    );
  }

  return (
    <div className="stack">
      {account ? (
        <div className="receiving-account" data-testid="receiving-account">
          <p className="receiving-account__intro">
            {t('wallet.deposit.sendExactly')} <Money amount={order.amount} symbol={symbol} />
          </p>
          <dl className="details">
            <div className="details__row">
              <dt>{t('wallet.deposit.provider')}</dt>
              <dd>{account.provider}</dd>
            </div>
            <div className="details__row">
              <dt>{t('wallet.deposit.accountName')}</dt>
              <dd>{account.accountName}</dd>
            </div>
            <div className="details__row">
              <dt>{t('wallet.deposit.accountNumber')}</dt>
              <dd className="receiving-account__number">
                <span className="tabular">{account.accountNumber}</span>
                <CopyButton text={account.accountNumber} label={t('wallet.deposit.accountNumber')} />
              </dd>
            </div>
          </dl>
        </div>
      ) : (
        <FormAlert>{t('wallet.deposit.noAccount')}</FormAlert>
      )}
      <form className="wallet-form" noValidate onSubmit={send} data-testid="deposit-submit-form">
        <TextField
          label={t('wallet.deposit.transactionRef')}
          hint={t('wallet.deposit.transactionRefHint')}
          value={reference}
          onChange={(value) => {
            setReference(value);
            setReferenceError(null);
          }}
          error={referenceError}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
        />
        <ImagePicker label={t('wallet.deposit.receipt')} files={receipt} onChange={setReceipt} max={1} />
        <FormAlert>{formError}</FormAlert>
        <button type="submit" className="button button--primary button--wide" disabled={submit.isPending}>
          {submit.isPending ? t('common.loading') : t('wallet.deposit.report')}
        </button>
      </form>
    </div>
  );
}
