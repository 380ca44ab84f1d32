import '../i18n/register';
import type { MemberInfo } from '@portal/shared/auth';
import { PAYMENT_PASSWORD_PATTERN, type TransferParty, type TransferResult } from '@portal/shared/wallet';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert, TextField } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { isAgentType } from '@/lib/session';
import { useCreateTransfer } from '../api/create-transfer';
import { useTransferParties } from '../api/get-transfer-parties';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { checkAmount } from '../lib/amount';
import { failureText } from '../lib/errors';
import { AmountField } from './amount-field';
import { amountMessage } from './amount-message';
import { Money } from './money';
import { Pagination } from './pagination';
import { PaymentPasswordField } from './payment-password-field';
import { PaymentPasswordPrompt } from './payment-password-prompt';
import { WalletCard } from './wallet-card';

export interface TransferPageProps {
  member: MemberInfo;
  symbol: string;
  /** From the security information; undefined while it loads (the server checks in any case). */
  hasPaymentPassword: boolean | undefined;
  onSetPaymentPassword: () => void;
}

function partyName(party: TransferParty): string {
  return party.nickname ? `${party.account} (${party.nickname})` : party.account;
}

/** "Transfer to upline": money to the member's upline, and for agents to one of their downlines. */
export function TransferPage({ member, symbol, hasPaymentPassword, onSetPaymentPassword }: TransferPageProps) {
  const { t } = useTranslation();
  const agent = isAgentType(member.type);
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [downline, setDownline] = useState<TransferParty | null>(null);
  const parties = useTransferParties({ search, pageNo });

  if (parties.isPending) return <SkeletonLines lines={5} />;
  if (parties.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void parties.refetch()} />;
  const { upline, downlines } = parties.data;
  if (!upline && !agent) return <EmptyState message={t('wallet.transfer.nobody')} />;

  const form = (to: TransferParty) =>
    hasPaymentPassword === false ? (
      <PaymentPasswordPrompt onSetPaymentPassword={onSetPaymentPassword} />
    ) : (
      <TransferForm key={to.account} to={to} symbol={symbol} />
    );

  function applySearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(typed.trim());
    setPageNo(1);
  }

  return (
    <div className="wallet-page" data-testid="transfer-page">
      {upline ? (
        <WalletCard title={t('wallet.transfer.toUpline', { account: partyName(upline) })}>{form(upline)}</WalletCard>
      ) : null}
      {agent ? (
        <WalletCard title={t('wallet.transfer.downlines')}>
          <form className="search-row" onSubmit={applySearch}>
            <TextField
              label={t('wallet.transfer.search')}
              value={typed}
              onChange={setTyped}
              type="search"
              autoComplete="off"
              maxLength={64}
            />
            <button type="submit" className="button button--ghost">
              {t('wallet.transfer.searchButton')}
            </button>
          </form>
          {downlines.list.length === 0 ? (
            <EmptyState message={t('wallet.transfer.noDownlines')} />
          ) : (
            <ul className="account-list" data-testid="downline-list">
              {downlines.list.map((party) => (
                <li key={party.account} className="account-list__item">
                  <span className="account-list__name">{partyName(party)}</span>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-pressed={downline?.account === party.account}
                    onClick={() => setDownline(party)}
                  >
                    {t('wallet.transfer.choose')}
                    <span className="visually-hidden"> {party.account}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            pageNo={downlines.pageNo}
            totalPages={downlines.totalPages}
            onChange={setPageNo}
            disabled={parties.isFetching}
          />
          {downline ? (
            <div className="wallet-form--boxed stack">
              <p className="wallet-card__subtitle">
                {t('wallet.transfer.toDownline', { account: partyName(downline) })}
              </p>
              {form(downline)}
            </div>
          ) : null}
        </WalletCard>
      ) : null}
    </div>
  );
}

function TransferForm({ to, symbol }: { to: TransferParty; symbol: string }) {
  const { t } = useTranslation();
  const transfer = useCreateTransfer();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<TransferResult | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (transfer.isPending) return;
    const check = checkAmount(amount);
    const badPassword = PAYMENT_PASSWORD_PATTERN.test(password) ? null : t('wallet.paymentPassword.invalid');
    setAmountError(amountMessage(t, check, symbol));
    setPasswordError(badPassword);
    setFormError(null);
    setResult(null);
    if (!check.ok || badPassword) return;
    const details = { to: to.account, amount: check.amount, paymentPassword: password };
    transfer.mutate(
      { ...details, idempotencyKey: idempotency.keyFor(details) },
      {
        onSuccess: (answer) => {
          idempotency.settle();
          setAmount('');
          setPassword('');
          setResult(answer);
        },
        onError: (error) => {
          idempotency.settle(error);
          setFormError(failureText(error, t));
        },
      },
    );
  }

  return (
    <form className="wallet-form" noValidate onSubmit={submit} data-testid="transfer-form">
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setAmountError(null);
        }}
        symbol={symbol}
        error={amountError}
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
      {result ? (
        <FormAlert tone="success">
          {t('wallet.transfer.done', { account: result.to })} <Money amount={result.amount} symbol={symbol} />.{' '}
          {t('wallet.transfer.balanceNow')} <Money amount={result.balance} symbol={symbol} />
        </FormAlert>
      ) : null}
      <button type="submit" className="button button--primary button--wide" disabled={transfer.isPending}>
        {transfer.isPending ? t('common.loading') : t('wallet.transfer.submit')}
      </button>
    </form>
  );
}
