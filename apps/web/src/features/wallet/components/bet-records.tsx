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

/** The round in a row: the game's name (in the member's language), then its vendor and round. */
function RoundGame({ row }: { row: BetRecord }) {
  const { t } = useTranslation();
  const name = row.gameName ?? row.vendorName ?? t('wallet.records.otherBet');
  const more = [
    row.gameName ? row.vendorName : null,
    row.roundId ? t('wallet.records.round', { round: row.roundId }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <span className="bet-round">
      <strong className="bet-round__game">{name}</strong>
      {more ? <span className="bet-round__more record-ref">{more}</span> : null}
    </span>
  );
}

/** A row's detail: the round's vendor and id in full, and the journal reference its entries share. */
function RoundDetail({ row }: { row: BetRecord }) {
  const { t } = useTranslation();
  return (
    <dl className="details">
      {row.vendorName ? (
        <div className="details__row">
          <dt>{t('wallet.records.vendor')}</dt>
          <dd>{row.vendorName}</dd>
        </div>
      ) : null}
      {row.roundId ? (
        <div className="details__row">
          <dt>{t('wallet.records.roundId')}</dt>
          <dd className="record-ref">{row.roundId}</dd>
        </div>
      ) : null}
      <div className="details__row">
        <dt>{t('wallet.records.reference')}</dt>
        <dd className="record-ref" data-testid="bet-record-reference">
          {row.reference}
        </dd>
      </div>
    </dl>
  );
}

/** "Betting record": the member's rounds in a date range with game, stake, payout and the net result. */
export function BetRecords({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<RangeChoice>(() => defaultRangeChoice());
  const [pageNo, setPageNo] = useState(1);
  const query = useBetRecords({ from: range.from, to: range.to, pageNo, language });

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
                { key: 'game', label: t('wallet.records.game'), render: (row) => <RoundGame row={row} /> },
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
              detail={{
                label: t('wallet.records.details'),
                show: t('wallet.records.showDetails'),
                hide: t('wallet.records.hideDetails'),
                render: (row) => <RoundDetail row={row} />,
              }}
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
