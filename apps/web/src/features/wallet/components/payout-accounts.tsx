import { CHANNEL_KINDS, type ChannelKind, PAYMENT_PASSWORD_PATTERN, type PayoutAccount } from '@portal/shared/wallet';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useAddPayoutAccount } from '../api/add-payout-account';
import { usePayoutAccounts } from '../api/get-payout-accounts';
import { useRemovePayoutAccount } from '../api/remove-payout-account';
import { failureText } from '../lib/errors';
import { PaymentPasswordField } from './payment-password-field';

export function payoutAccountLabel(account: PayoutAccount): string {
  return `${account.provider} · ${account.accountName} · ${account.accountNumberMasked}`;
}

export interface PayoutAccountsProps {
  /** How many accounts the member may bind. */
  limit: number;
  /** Binding and removing need the payment password; without one the list is read-only. */
  canManage: boolean;
}

/** The member's bound receiving accounts for withdrawals: list, bind one more (up to the limit), remove. */
export function PayoutAccounts({ limit, canManage }: PayoutAccountsProps) {
  const { t } = useTranslation();
  const accounts = usePayoutAccounts();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PayoutAccount | null>(null);

  if (accounts.isPending) return <SkeletonLines lines={3} />;
  if (accounts.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void accounts.refetch()} />;
  const list = accounts.data;
  const full = list.length >= limit;

  return (
    <div className="stack" data-testid="payout-accounts">
      {list.length === 0 ? (
        <EmptyState message={t('wallet.payout.none')} />
      ) : (
        <ul className="account-list">
          {list.map((account) => (
            <li key={account.id} className="account-list__item">
              <div>
                <p className="account-list__name">
                  {account.provider} <span className="muted">· {t(`wallet.channelKinds.${account.kind}`)}</span>
                </p>
                <p className="muted">
                  {account.accountName} · <span className="tabular">{account.accountNumberMasked}</span>
                </p>
              </div>
              {canManage ? (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setRemoving(account)}
                >
                  {t('wallet.payout.remove')}
                  <span className="visually-hidden"> {payoutAccountLabel(account)}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="muted wallet-note">{t('wallet.payout.limit', { used: list.length, limit })}</p>
      {canManage && !full ? (
        adding ? (
          <AddPayoutAccountForm onDone={() => setAdding(false)} />
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setAdding(true)}>
            {t('wallet.payout.add')}
          </button>
        )
      ) : null}
      {removing ? <RemoveDialog account={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}

type Field = 'provider' | 'accountName' | 'accountNumber' | 'paymentPassword';

function AddPayoutAccountForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const add = useAddPayoutAccount();
  const [kind, setKind] = useState<ChannelKind>('ewallet');
  const [values, setValues] = useState<Record<Field, string>>({
    provider: '',
    accountName: '',
    accountNumber: '',
    paymentPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const trimmed = {
      provider: values.provider.trim(),
      accountName: values.accountName.trim(),
      accountNumber: values.accountNumber.replace(/\s+/g, ''),
    };
    const next: Partial<Record<Field, string>> = {};
    if (!trimmed.provider) next.provider = t('form.required');
    if (!trimmed.accountName) next.accountName = t('form.required');
    if (!trimmed.accountNumber) next.accountNumber = t('form.required');
    if (!PAYMENT_PASSWORD_PATTERN.test(values.paymentPassword))
      next.paymentPassword = t('wallet.paymentPassword.invalid');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    add.mutate(
      { kind, ...trimmed, paymentPassword: values.paymentPassword },
      {
        onSuccess: () => {
          toast.show(t('wallet.payout.added'), 'success');
          onDone();
        },
        onError: (error) => {
          setValues((current) => ({ ...current, paymentPassword: '' }));
          setFormError(failureText(error, t));
        },
      },
    );
  }

  return (
    <form className="wallet-form wallet-form--boxed" noValidate onSubmit={submit} data-testid="add-payout-account">
      <SelectField
        label={t('wallet.payout.kind')}
        value={kind}
        options={CHANNEL_KINDS.map((item) => ({ value: item, label: t(`wallet.channelKinds.${item}`) }))}
        onChange={(value) => setKind(value as ChannelKind)}
      />
      <TextField
        label={kind === 'usdt' ? t('wallet.payout.network') : t('wallet.payout.provider')}
        hint={kind === 'usdt' ? t('wallet.payout.networkHint') : t('wallet.payout.providerHint')}
        value={values.provider}
        onChange={set('provider')}
        error={errors.provider}
        maxLength={50}
        required
      />
      <TextField
        label={t('wallet.payout.accountName')}
        value={values.accountName}
        onChange={set('accountName')}
        error={errors.accountName}
        autoComplete="name"
        maxLength={100}
        required
      />
      <TextField
        label={kind === 'usdt' ? t('wallet.payout.address') : t('wallet.payout.accountNumber')}
        value={values.accountNumber}
        onChange={set('accountNumber')}
        error={errors.accountNumber}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        required
      />
      <PaymentPasswordField
        value={values.paymentPassword}
        onChange={set('paymentPassword')}
        error={errors.paymentPassword}
      />
      <FormAlert>{formError}</FormAlert>
      <div className="wallet-form__actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? t('common.loading') : t('wallet.payout.bind')}
        </button>
      </div>
    </form>
  );
}

function RemoveDialog({ account, onClose }: { account: PayoutAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useRemovePayoutAccount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    if (!PAYMENT_PASSWORD_PATTERN.test(password)) {
      setError(t('wallet.paymentPassword.invalid'));
      return;
    }
    setError(null);
    remove.mutate(
      { id: account.id, paymentPassword: password },
      {
        onSuccess: () => {
          toast.show(t('wallet.payout.removed'), 'success');
          onClose();
        },
        onError: (failure) => {
          setPassword('');
          setError(failureText(failure, t));
        },
      },
    );
  }

  return (
    <Modal open onClose={onClose} title={t('wallet.payout.removeTitle')} size="sm" testId="remove-payout-account">
      <form className="wallet-form" noValidate onSubmit={submit}>
        <p>{t('wallet.payout.removeText', { account: payoutAccountLabel(account) })}</p>
        <PaymentPasswordField value={password} onChange={setPassword} error={error} />
        <div className="wallet-form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={remove.isPending}>
            {remove.isPending ? t('common.loading') : t('wallet.payout.remove')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
