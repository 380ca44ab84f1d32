import '../i18n/register';
import type { ProfitDay } from '@portal/shared/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useProfit } from '../api/get-profit';
import { DateRangeFilter, defaultRangeChoice, type RangeChoice } from './date-range-filter';
import { Money } from './money';
import { RecordTable } from './record-table';
import { WalletCard } from './wallet-card';

const TOTALS = ['bets', 'wins', 'refunds', 'bonuses', 'deposits', 'withdrawals'] as const;

/** "Personal profit and loss": totals over a date range and the same figures day by day. */
export function ProfitReport({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<RangeChoice>(() => defaultRangeChoice());
  const query = useProfit(range);

  return (
    <div className="wallet-page" data-testid="profit-report">
      <WalletCard title={t('wallet.records.profitTitle')}>
        <div className="record-filters">
          <DateRangeFilter value={range} onChange={setRange} />
        </div>
        {query.isPending ? (
          <SkeletonLines lines={6} />
        ) : query.isError ? (
          <ErrorState message={t('common.loadFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <div className="profit-total">
              <span className="profit-total__label">{t('wallet.profit.profit')}</span>
              <Money amount={query.data.totals.profit} symbol={symbol} signed className="profit-total__amount" />
              <span className="muted">{t('wallet.profit.formula')}</span>
            </div>
            <dl className="funds-grid funds-grid--wide" data-testid="profit-totals">
              {TOTALS.map((key) => (
                <div key={key} className="funds-grid__item">
                  <dt>{t(`wallet.profit.${key}`)}</dt>
                  <dd>
                    <Money amount={query.data.totals[key]} symbol={symbol} />
                  </dd>
                </div>
              ))}
            </dl>
            {query.data.days.length === 0 ? (
              <EmptyState />
            ) : (
              <RecordTable<ProfitDay>
                caption={t('wallet.profit.byDay')}
                testId="profit-table"
                busy={query.isPlaceholderData}
                rows={query.data.days}
                rowKey={(row) => row.date}
                columns={[
                  {
                    key: 'date',
                    label: t('wallet.profit.date'),
                    render: (row) => <span className="tabular">{row.date}</span>,
                  },
                  ...TOTALS.map((key) => ({
                    key,
                    label: t(`wallet.profit.${key}`),
                    numeric: true,
                    render: (row: ProfitDay) => <Money amount={row[key]} symbol={symbol} />,
                  })),
                  {
                    key: 'profit',
                    label: t('wallet.profit.profit'),
                    numeric: true,
                    render: (row) => <Money amount={row.profit} symbol={symbol} signed />,
                  },
                ]}
              />
            )}
          </>
        )}
      </WalletCard>
    </div>
  );
}
