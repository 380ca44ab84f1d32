import '../i18n/register';
import type { BetRecord } from '@portal/shared/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useBetRecords } from '../api/get-bet-records';
import { DateRangeFilter, defaultRangeChoice, type RangeChoice } from './date-range-filter';
import { Money } from './money';
import { Pagination } from './pagination';
import { RecordTable } from './record-table';
import { StatusPill } from './status-pill';
import { WalletCard } from './wallet-card';

/** "Betting record": the member's bets in a date range with stake, payout and the net result. */
export function BetRecords({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<RangeChoice>(() => defaultRangeChoice());
  const [pageNo, setPageNo] = useState(1);
  const query = useBetRecords({ from: range.from, to: range.to, pageNo });

  return (
    <div className="wallet-page" data-testid="bet-records">
      <WalletCard title={t('wallet.records.betTitle')}>
        <div className="record-filters">
          <DateRangeFilter
            value={range}
            onChange={(next) => {
              setRange(next);
              setPageNo(1);
            }}
          />
        </div>
        {query.isPending ? (
          <SkeletonLines lines={6} />
        ) : query.isError ? (
          <ErrorState message={t('common.loadFailed')} onRetry={() => void query.refetch()} />
        ) : query.data.list.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <RecordTable<BetRecord>
              caption={t('wallet.records.betTitle')}
              testId="bet-record-table"
              busy={query.isPlaceholderData}
              rows={query.data.list}
              rowKey={(row) => row.reference}
              columns={[
                { key: 'time', label: t('wallet.records.time'), render: (row) => formatDateTime(row.time, language) },
                {
                  key: 'reference',
                  label: t('wallet.records.reference'),
                  render: (row) => <span className="record-ref">{row.reference}</span>,
                },
                {
                  key: 'stake',
                  label: t('wallet.records.stake'),
                  numeric: true,
                  render: (row) => <Money amount={row.stake} symbol={symbol} />,
                },
                {
                  key: 'payout',
                  label: t('wallet.records.payout'),
                  numeric: true,
                  render: (row) => <Money amount={row.payout} symbol={symbol} />,
                },
                {
                  key: 'net',
                  label: t('wallet.records.net'),
                  numeric: true,
                  render: (row) => <Money amount={row.net} symbol={symbol} signed />,
                },
                {
                  key: 'status',
                  label: t('wallet.records.status'),
                  render: (row) => <StatusPill kind="bet" status={row.status} />,
                },
              ]}
            />
            <Pagination
              pageNo={query.data.pageNo}
              totalPages={query.data.totalPages}
              onChange={setPageNo}
              disabled={query.isFetching}
            />
          </>
        )}
      </WalletCard>
    </div>
  );
}
