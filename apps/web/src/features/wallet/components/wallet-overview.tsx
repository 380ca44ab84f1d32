import '../i18n/register';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { Money } from './money';
import { VendorWallets } from './vendor-wallets';
import { WalletCard } from './wallet-card';

export interface WalletOverviewProps {
  symbol: string;
  onDeposit: () => void;
  onWithdraw: () => void;
}

/**
 * "My wallet": the member's money in one place (cash, bonus, held for withdrawal, total), the ways to move it, and
 * the game vendors' own wallets with transfers to and from them.
 */
export function WalletOverview({ symbol, onDeposit, onWithdraw }: WalletOverviewProps) {
  const { t } = useTranslation();
  const funds = useConsolidatedFunds();

  return (
    <div className="wallet-page" data-testid="wallet-overview">
      <WalletCard
        title={t('wallet.overview.title')}
        actions={
          <button
            type="button"
            className={`icon-button icon-button--outlined${funds.isFetching ? ' is-spinning' : ''}`}
            onClick={() => void funds.refetch()}
            disabled={funds.isFetching}
            aria-label={t('balance.refresh')}
            title={t('balance.refresh')}
          >
            <span aria-hidden="true">↻</span>
          </button>
        }
      >
        {funds.isPending ? (
          <SkeletonLines lines={4} />
        ) : funds.isError ? (
          <ErrorState message={t('common.loadFailed')} onRetry={() => void funds.refetch()} />
        ) : (
          <>
            <div className="funds-total">
              <span className="funds-total__label">{t('wallet.overview.total')}</span>
              <Money amount={funds.data.total} symbol={symbol} className="funds-total__amount" />
            </div>
            <dl className="funds-grid">
              <div className="funds-grid__item">
                <dt>{t('wallet.overview.cash')}</dt>
                <dd>
                  <Money amount={funds.data.cash} symbol={symbol} />
                </dd>
              </div>
              <div className="funds-grid__item">
                <dt>{t('wallet.overview.bonus')}</dt>
                <dd>
                  <Money amount={funds.data.bonus} symbol={symbol} />
                </dd>
              </div>
              <div className="funds-grid__item">
                <dt>{t('wallet.overview.withdrawalHold')}</dt>
                <dd>
                  <Money amount={funds.data.withdrawalHold} symbol={symbol} />
                </dd>
              </div>
            </dl>
            <p className="muted wallet-note">{t('wallet.overview.holdNote')}</p>
          </>
        )}
        <div className="wallet-actions">
          <button type="button" className="button button--primary" onClick={onDeposit}>
            {t('wallet.overview.deposit')}
          </button>
          <button type="button" className="button button--ghost" onClick={onWithdraw}>
            {t('wallet.overview.withdraw')}
          </button>
        </div>
      </WalletCard>
      <VendorWallets symbol={symbol} />
    </div>
  );
}
