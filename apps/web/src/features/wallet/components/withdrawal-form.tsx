import { PAYMENT_PASSWORD_PATTERN, type PayoutAccount, type WithdrawalEligibility } from '@portal/shared/wallet';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert, SelectField } from '@/components/ui/form-field';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useWithdrawal } from '../api/get-withdrawal';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { checkAmount } from '../lib/amount';
import { failureText } from '../lib/errors';
import { AmountField } from './amount-field';
import { amountMessage } from './amount-message';
import { Money } from './money';
import { PaymentPasswordField } from './payment-password-field';
import { payoutAccountLabel } from './payout-accounts';

export interface WithdrawalFormProps {
  eligibility: WithdrawalEligibility;
  accounts: PayoutAccount[];
  symbol: string;
}

/** A withdrawal to one of the bound accounts: amount within the limits and the balance, and the payment password. */
export function WithdrawalForm({ eligibility, accounts, symbol }: WithdrawalFormProps) {
  const { t } = useTranslation();
  const create = useCreateWithdrawal();
  const idempotency = useIdempotencyKey();
  const [accountId, setAccountId] = useState(accounts[0]?.id ?? '');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const account = accounts.find((item) => item.id === accountId) ?? accounts[0];
  // Read from the cache only (the request's answer, then the list's cancel): a cancelled request is no news.
  const requested = useWithdrawal(done ?? '', false);
  const requestStands = done !== null && requested.data?.status !== 'cancelled';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending || !account) return;
    const check = checkAmount(amount, {
      min: eligibility.minAmount,
      max: eligibility.maxAmount,
      balance: eligibility.balance,
    });
    const badAmount = amountMessage(t, check, symbol);
    const badPassword = PAYMENT_PASSWORD_PATTERN.test(password) ? null : t('wallet.paymentPassword.invalid');
    setAmountError(badAmount);
    setPasswordError(badPassword);
    setFormError(null);
    setDone(null);
    if (!check.ok || badPassword) return;
    const details = { payoutAccountId: account.id, amount: check.amount, paymentPassword: password };
    create.mutate(
      { ...details, idempotencyKey: idempotency.keyFor(details) },
      {
        onSuccess: (withdrawal) => {
          idempotency.settle();
          setAmount('');
          setPassword('');
          setDone(withdrawal.orderNo);
        },
        onError: (error) => {
          idempotency.settle(error);
          setFormError(failureText(error, t));
        },
      },
    );
  }

  return (
    <form className="wallet-form" noValidate onSubmit={submit} data-testid="withdrawal-form">
      <SelectField
        label={t('wallet.withdraw.account')}
        value={account?.id ?? ''}
        options={accounts.map((item) => ({ value: item.id, label: payoutAccountLabel(item) }))}
        onChange={setAccountId}
      />
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setAmountError(null);
        }}
        symbol={symbol}
        error={amountError}
        hint={
          <>
            {t('wallet.amount.range')} <Money amount={eligibility.minAmount} symbol={symbol} /> –{' '}
            <Money amount={eligibility.maxAmount} symbol={symbol} />
          </>
        }
      />
      <PaymentPasswordField
        value={password}
        onChange={(value) => {
          setPassword(value);
          setPasswordError(null);
        }}
        error={passwordError}
      />
      <FormAlert>{formError}</FormAlert>
      {requestStands ? <FormAlert tone="success">{t('wallet.withdraw.requested', { orderNo: done })}</FormAlert> : null}
      <button type="submit" className="button button--primary button--wide" disabled={create.isPending}>
        {create.isPending ? t('common.loading') : t('wallet.withdraw.submit')}
      </button>
    </form>
  );
}
