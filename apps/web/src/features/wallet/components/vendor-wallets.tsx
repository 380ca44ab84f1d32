import '../i18n/register';
import { formatMoney, isDecimalAmount, parsePositiveAmount } from '@portal/shared/money';
import { MAIN_WALLET, type MerchantWallets } from '@portal/shared/wallet';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { useCreateWalletTransfer } from '../api/create-wallet-transfer';
import { useMerchantWallets } from '../api/get-merchant-wallets';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { checkAmount } from '../lib/amount';
import { failureText } from '../lib/errors';
import { AmountField } from './amount-field';
import { amountMessage } from './amount-message';
import { Money } from './money';
import { WalletCard } from './wallet-card';

type VendorWallet = MerchantWallets['wallets'][number];

/** in: main → vendor; out: vendor → main. */
type Direction = 'in' | 'out';

function isPositive(amount: string): boolean {
  return isDecimalAmount(amount) && parsePositiveAmount(amount) !== null;
}

/**
 * The wallets of game vendors in transfer mode (money must be moved into them before playing) and the transfers
 * between them and the main wallet. Members without such wallets see nothing; while loading nothing is drawn
 * either, so they never see a box appear and vanish.
 */
export function VendorWallets({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const wallets = useMerchantWallets();
  // One form open at a time keeps the list short on a phone.
  const [open, setOpen] = useState<{ vassalage: string; direction: Direction } | null>(null);

  if (wallets.isPending) return null;
  if (wallets.isError) {
    return (
      <WalletCard title={t('wallet.vendors.title')}>
        <ErrorState message={t('common.loadFailed')} onRetry={() => void wallets.refetch()} />
      </WalletCard>
    );
  }
  const { main, wallets: list } = wallets.data;
  if (list.length === 0) return null;

  return (
    <WalletCard
      title={t('wallet.vendors.title')}
      testId="vendor-wallets"
      actions={
        <button
          type="button"
          className={`icon-button icon-button--outlined${wallets.isFetching ? ' is-spinning' : ''}`}
          onClick={() => void wallets.refetch()}
          disabled={wallets.isFetching}
          aria-label={t('wallet.vendors.refresh')}
          title={t('wallet.vendors.refresh')}
        >
          <span aria-hidden="true">↻</span>
        </button>
      }
    >
      <p className="muted wallet-note">{t('wallet.vendors.note')}</p>
      <div className="vendor-main">
        <span className="vendor-main__label">{t('wallet.vendors.main')}</span>
        <Money amount={main} symbol={symbol} className="vendor-main__amount" />
      </div>
      <ul className="vendor-list">
        {list.map((wallet) => (
          <VendorWalletRow
            key={wallet.vassalage}
            wallet={wallet}
            main={main}
            symbol={symbol}
            direction={open?.vassalage === wallet.vassalage ? open.direction : null}
            onToggle={(direction) =>
              setOpen((current) =>
                current?.vassalage === wallet.vassalage && current.direction === direction
                  ? null
                  : { vassalage: wallet.vassalage, direction },
              )
            }
          />
        ))}
      </ul>
    </WalletCard>
  );
}

interface VendorWalletRowProps {
  wallet: VendorWallet;
  main: string;
  symbol: string;
  /** The open form's direction, null when closed. */
  direction: Direction | null;
  onToggle: (direction: Direction) => void;
}

function VendorWalletRow({ wallet, main, symbol, direction, onToggle }: VendorWalletRowProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const formId = useId();
  const all = useCreateWalletTransfer();
  const allKey = useIdempotencyKey();
  const [allError, setAllError] = useState<string | null>(null);

  function transferAll() {
    if (all.isPending || wallet.balance === null || !isPositive(wallet.balance)) return;
    setAllError(null);
    const details = { from: wallet.vassalage, to: MAIN_WALLET, amount: wallet.balance };
    all.mutate(
      { ...details, idempotencyKey: allKey.keyFor(details) },
      {
        onSuccess: (result) => {
          allKey.settle();
          const done = result.status === 'pending' ? 'wallet.vendors.pending' : 'wallet.vendors.doneOut';
          toast.show(t(done, { amount: formatMoney(details.amount, symbol), wallet: wallet.displayName }), 'success');
        },
        onError: (error) => {
          allKey.settle(error);
          setAllError(failureText(error, t));
        },
      },
    );
  }

  const name = <span className="visually-hidden"> {wallet.displayName}</span>;
  return (
    <li className="vendor-wallet" data-testid={`vendor-wallet-${wallet.vassalage}`}>
      <div className="vendor-wallet__head">
        <span className="vendor-wallet__name">{wallet.displayName}</span>
        {wallet.balance === null ? (
          <span className="vendor-wallet__balance muted">{t('wallet.vendors.unknownBalance')}</span>
        ) : (
          <Money amount={wallet.balance} symbol={symbol} className="vendor-wallet__balance" />
        )}
      </div>
      <div className="vendor-wallet__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={direction === 'in'}
          aria-controls={direction === 'in' ? formId : undefined}
          onClick={() => onToggle('in')}
        >
          {t('wallet.vendors.transferIn')}
          {name}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={direction === 'out'}
          aria-controls={direction === 'out' ? formId : undefined}
          onClick={() => onToggle('out')}
        >
          {t('wallet.vendors.transferOut')}
          {name}
        </button>
        {wallet.balance !== null && isPositive(wallet.balance) ? (
          <button
            type="button"
            className="button button--secondary button--small vendor-wallet__all"
            onClick={transferAll}
            disabled={all.isPending}
          >
            {all.isPending ? t('common.loading') : t('wallet.vendors.allBack')}
            {name}
          </button>
        ) : null}
      </div>
      <FormAlert>{allError}</FormAlert>
      {direction ? (
        <VendorTransferForm
          key={direction}
          id={formId}
          wallet={wallet}
          main={main}
          direction={direction}
          symbol={symbol}
        />
      ) : null}
    </li>
  );
}

interface VendorTransferFormProps {
  id: string;
  wallet: VendorWallet;
  main: string;
  direction: Direction;
  symbol: string;
}

function VendorTransferForm({ id, wallet, main, direction, symbol }: VendorTransferFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const transfer = useCreateWalletTransfer();
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const into = direction === 'in';
  const source = into ? main : wallet.balance;
  const sourceName = into ? t('wallet.vendors.main') : wallet.displayName;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (transfer.isPending) return;
    // The source wallet's balance is the most that can leave it; the server checks again.
    const check = checkAmount(amount, source === null ? {} : { balance: source });
    setAmountError(
      !check.ok && check.problem === 'aboveBalance' && source !== null
        ? t('wallet.vendors.aboveSource', { wallet: sourceName, limit: formatMoney(source, symbol) })
        : amountMessage(t, check, symbol),
    );
    setFormError(null);
    if (!check.ok) return;
    const details = into
      ? { from: MAIN_WALLET, to: wallet.vassalage, amount: check.amount }
      : { from: wallet.vassalage, to: MAIN_WALLET, amount: check.amount };
    transfer.mutate(
      { ...details, idempotencyKey: idempotency.keyFor(details) },
      {
        onSuccess: (result) => {
          idempotency.settle();
          setAmount('');
          const done =
            result.status === 'pending'
              ? 'wallet.vendors.pending'
              : into
                ? 'wallet.vendors.doneIn'
                : 'wallet.vendors.doneOut';
          toast.show(t(done, { amount: formatMoney(details.amount, symbol), wallet: wallet.displayName }), 'success');
        },
        onError: (error) => {
          idempotency.settle(error);
          setFormError(failureText(error, t));
        },
      },
    );
  }

  return (
    <form
      id={id}
      className="wallet-form wallet-form--boxed"
      noValidate
      onSubmit={submit}
      data-testid={`vendor-transfer-${direction}`}
    >
      <p className="wallet-card__subtitle">
        {t(into ? 'wallet.vendors.inTitle' : 'wallet.vendors.outTitle', { wallet: wallet.displayName })}
      </p>
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setAmountError(null);
        }}
        symbol={symbol}
        error={amountError}
        hint={
          source === null ? undefined : (
            <>
              {t('wallet.vendors.available', { wallet: sourceName })} <Money amount={source} symbol={symbol} />
            </>
          )
        }
        // The whole source balance in one tap.
        quickAmounts={source !== null && isPositive(source) ? [source] : []}
        disabled={transfer.isPending}
      />
      <FormAlert>{formError}</FormAlert>
      <button type="submit" className="button button--primary button--wide" disabled={transfer.isPending}>
        {transfer.isPending ? t('common.loading') : t(into ? 'wallet.vendors.submitIn' : 'wallet.vendors.submitOut')}
      </button>
    </form>
  );
}
