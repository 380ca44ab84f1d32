import '../i18n/register';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { usePayoutAccounts } from '../api/get-payout-accounts';
import { useWithdrawalEligibility } from '../api/get-withdrawal-eligibility';
import { Money } from './money';
import { PaymentPasswordPrompt } from './payment-password-prompt';
import { PayoutAccounts } from './payout-accounts';
import { TurnoverProgress } from './turnover-progress';
import { WalletCard } from './wallet-card';
import { WithdrawalForm } from './withdrawal-form';
import { WithdrawalList } from './withdrawal-list';

export interface WithdrawPageProps {
  symbol: string;
  /** Leads to the security centre's payment password. */
  onSetPaymentPassword: () => void;
}

/** "Increase withdrawal": what may be withdrawn, the bound accounts, the request, and past withdrawals. */
export function WithdrawPage({ symbol, onSetPaymentPassword }: WithdrawPageProps) {
  const { t } = useTranslation();
  const eligibility = useWithdrawalEligibility();
  const accounts = usePayoutAccounts();

  if (eligibility.isPending) {
    return (
      <div className="wallet-page" data-testid="withdraw-page">
        <WalletCard title={t('wallet.withdraw.title')}>
          <SkeletonLines lines={5} />
        </WalletCard>
      </div>
    );
  }
  if (eligibility.isError) {
    return (
      <div className="wallet-page" data-testid="withdraw-page">
        <ErrorState message={t('common.loadFailed')} onRetry={() => void eligibility.refetch()} />
      </div>
    );
  }
  const info = eligibility.data;

  return (
    <div className="wallet-page" data-testid="withdraw-page">
      <WalletCard title={t('wallet.withdraw.title')}>
        <dl className="details">
          <div className="details__row">
            <dt>{t('wallet.withdraw.available')}</dt>
            <dd>
              <Money amount={info.balance} symbol={symbol} />
            </dd>
          </div>
          <div className="details__row">
            <dt>{t('wallet.withdraw.limits')}</dt>
            <dd>
              <Money amount={info.minAmount} symbol={symbol} /> – <Money amount={info.maxAmount} symbol={symbol} />
            </dd>
          </div>
        </dl>
        <TurnoverProgress eligibility={info} symbol={symbol} />
        {!info.hasPaymentPassword ? (
          <PaymentPasswordPrompt onSetPaymentPassword={onSetPaymentPassword} />
        ) : accounts.isPending ? (
          <SkeletonLines lines={3} />
        ) : accounts.isError ? null : accounts.data.length === 0 ? (
          <p className="wallet-prompt" role="status">
            {t('wallet.withdraw.bindFirst')}
          </p>
        ) : (
          <WithdrawalForm eligibility={info} accounts={accounts.data} symbol={symbol} />
        )}
      </WalletCard>
      <WalletCard title={t('wallet.payout.title')}>
        <PayoutAccounts limit={info.payoutAccountLimit} canManage={info.hasPaymentPassword} />
      </WalletCard>
      <WalletCard title={t('wallet.withdraw.recent')}>
        <WithdrawalList symbol={symbol} />
      </WalletCard>
    </div>
  );
}
