import '../i18n/register';
import { type AccountRecord, RECORD_TYPES, type RecordType } from '@portal/shared/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useAccountRecords } from '../api/get-account-records';
import { DateRangeFilter, defaultRangeChoice, type RangeChoice } from './date-range-filter';
import { Money } from './money';
import { Pagination } from './pagination';
import { RecordTable } from './record-table';
import { WalletCard } from './wallet-card';

/** "Account record": every movement of the member's money in a date range, by type, with the balance after it. */
export function AccountRecords({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [range, setRange] = useState<RangeChoice>(() => defaultRangeChoice());
  const [type, setType] = useState<RecordType | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const query = useAccountRecords({ from: range.from, to: range.to, type, pageNo });

  return (
    <div className="wallet-page" data-testid="account-records">
      <WalletCard title={t('wallet.records.accountTitle')}>
        <div className="record-filters">
          <DateRangeFilter
            value={range}
            onChange={(next) => {
              setRange(next);
              setPageNo(1);
            }}
          />
          <SelectField
            label={t('wallet.records.type')}
            value={type ?? ''}
            options={[
              { value: '', label: t('wallet.records.allTypes') },
              ...RECORD_TYPES.map((item) => ({ value: item, label: t(`wallet.recordTypes.${item}`) })),
            ]}
            onChange={(value) => {
              setType(value ? (value as RecordType) : null);
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
            <RecordTable<AccountRecord>
              caption={t('wallet.records.accountTitle')}
              testId="account-record-table"
              busy={query.isPlaceholderData}
              rows={query.data.list}
              rowKey={(row) => row.id}
              columns={[
                { key: 'time', label: t('wallet.records.time'), render: (row) => formatDateTime(row.time, language) },
                { key: 'type', label: t('wallet.records.type'), render: (row) => t(`wallet.recordTypes.${row.type}`) },
                {
                  key: 'amount',
                  label: t('wallet.records.amount'),
                  numeric: true,
                  render: (row) => <Money amount={row.amount} symbol={symbol} signed />,
                },
                {
                  key: 'balance',
                  label: t('wallet.records.balanceAfter'),
                  numeric: true,
                  render: (row) => <Money amount={row.balanceAfter} symbol={symbol} />,
                },
                {
                  key: 'reference',
                  label: t('wallet.records.reference'),
                  render: (row) => <span className="record-ref">{row.reference}</span>,
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
