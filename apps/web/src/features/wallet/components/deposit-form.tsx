import { CHANNEL_KINDS, type ChannelKind, type DepositOrder, type PaymentChannel } from '@portal/shared/wallet';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useCreateDeposit } from '../api/create-deposit';
import { useChannels } from '../api/get-channels';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { checkAmount } from '../lib/amount';
import { failureText } from '../lib/errors';
import { AmountField } from './amount-field';
import { amountMessage } from './amount-message';
import { Money } from './money';

export interface DepositFormProps {
  symbol: string;
  onCreated: (order: DepositOrder) => void;
}

/** Step one of a deposit: the channel (by kind: bank, e-wallet, USDT) and the amount, then the order. */
export function DepositForm({ symbol, onCreated }: DepositFormProps) {
  const { t } = useTranslation();
  const channels = useChannels();
  const create = useCreateDeposit();
  const idempotency = useIdempotencyKey();
  const [kind, setKind] = useState<ChannelKind | null>(null);
  const [channelCode, setChannelCode] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  if (channels.isPending) return <SkeletonLines lines={5} />;
  if (channels.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void channels.refetch()} />;

  const list = channels.data;
  const kinds = CHANNEL_KINDS.filter((item) => list.some((channel) => channel.kind === item));
  if (kinds.length === 0) return <EmptyState message={t('wallet.deposit.noChannels')} />;
  const activeKind = kind && kinds.includes(kind) ? kind : kinds[0]!;
  const ofKind = list.filter((channel) => channel.kind === activeKind);
  const channel: PaymentChannel = ofKind.find((item) => item.code === channelCode) ?? ofKind[0]!;

  function choose(next: PaymentChannel) {
    setChannelCode(next.code);
    setAmountError(null);
    setFormError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const check = checkAmount(amount, { min: channel.minAmount, max: channel.maxAmount });
    setAmountError(amountMessage(t, check, symbol));
    setFormError(null);
    if (!check.ok) return;
    const details = { channelCode: channel.code, amount: check.amount };
    create.mutate(
      { ...details, idempotencyKey: idempotency.keyFor(details) },
      {
        onSuccess: (order) => {
          idempotency.settle();
          setAmount('');
          onCreated(order);
        },
        onError: (error) => {
          idempotency.settle(error);
          setFormError(failureText(error, t));
        },
      },
    );
  }

  return (
    <form className="wallet-form" noValidate onSubmit={submit} data-testid="deposit-form">
      <Tabs
        label={t('wallet.deposit.kinds')}
        items={kinds.map((item) => ({ key: item, label: t(`wallet.channelKinds.${item}`) }))}
        value={activeKind}
        onChange={(next) => {
          setKind(next as ChannelKind);
          setAmountError(null);
        }}
      >
        <fieldset className="channel-list">
          <legend className="visually-hidden">{t('wallet.deposit.channel')}</legend>
          {ofKind.map((item) => (
            <label key={item.code} className="channel-option">
              <input
                type="radio"
                className="channel-option__input"
                name="deposit-channel"
                value={item.code}
                checked={item.code === channel.code}
                onChange={() => choose(item)}
              />
              <span className="channel-option__name">{item.displayName}</span>
              <span className="channel-option__range muted">
                <Money amount={item.minAmount} symbol={symbol} /> – <Money amount={item.maxAmount} symbol={symbol} />
              </span>
            </label>
          ))}
        </fieldset>
      </Tabs>
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setAmountError(null);
        }}
        symbol={symbol}
        error={amountError}
        quickAmounts={channel.quickAmounts}
        hint={
          <>
            {t('wallet.amount.range')} <Money amount={channel.minAmount} symbol={symbol} /> –{' '}
            <Money amount={channel.maxAmount} symbol={symbol} />
          </>
        }
      />
      <FormAlert>{formError}</FormAlert>
      <button type="submit" className="button button--primary button--wide" disabled={create.isPending}>
        {create.isPending ? t('common.loading') : t('wallet.deposit.submit')}
      </button>
    </form>
  );
}
