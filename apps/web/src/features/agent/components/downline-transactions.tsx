import { TEAM_TRANSACTION_TYPES, type TeamTransaction, type TeamTransactionType } from '@portal/shared/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/date-time';
import { useMoneyFormat } from '@/lib/money-format';
import { type TeamTransactionsQuery, useTeamTransactions } from '../api/get-team-transactions';
import { formatCount, signedMoney, toneOf } from '../lib/format';
import { AccountSearch } from './account-search';
import { PagedTable } from './paged-table';
import { defaultPeriodChoice, PeriodCardHead, type PeriodChoice } from './period-filter';
import { When } from './when';

function isNotFound(error: Error): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Downline transaction details: the deposits, withdrawals, transfers and adjustments of the whole team (or of one
 * member, by exact account) over a period, newest first, with the money in and out over the whole filter. Paged; on
 * phones each row is a card.
 */
export function DownlineTransactions() {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoneyFormat();
  const [period, setPeriod] = useState<PeriodChoice>(() => defaultPeriodChoice());
  const [filter, setFilter] = useState<Pick<TeamTransactionsQuery, 'type' | 'account' | 'pageNo'>>({
    type: null,
    account: null,
    pageNo: 1,
  });
  const [search, setSearch] = useState('');
  const result = useTeamTransactions({ from: period.from, to: period.to, ...filter });

  const change = (next: Partial<typeof filter>) => setFilter((current) => ({ ...current, pageNo: 1, ...next }));

  function showWholeTeam() {
    setSearch('');
    change({ account: null });
  }

  const typeOptions = [
    { value: '', label: t('agent.transactions.allTypes') },
    ...TEAM_TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`agent.transactions.types.${type}`) })),
  ];

  return (
    <div className="wallet-page downline-transactions" data-testid="downline-transactions">
      <section className="wallet-card" aria-labelledby="downline-transactions-title">
        <PeriodCardHead
          titleId="downline-transactions-title"
          title={t('agent.pages.downlineTransactions')}
          value={period}
          onChange={(next) => {
            setPeriod(next);
            change({});
          }}
        />
        <div className="team-controls tx-controls">
          <AccountSearch
            label={t('agent.transactions.account')}
            value={search}
            onChange={setSearch}
            onSearch={(account) => change({ account })}
          />
          <SelectField
            label={t('agent.transactions.type')}
            value={filter.type ?? ''}
            options={typeOptions}
            onChange={(value) => change({ type: value ? (value as TeamTransactionType) : null })}
          />
        </div>
        {filter.account ? (
          <p className="team-where">
            <span>{t('agent.transactions.ofAccount', { account: filter.account })}</span>{' '}
            <button type="button" className="link-button" onClick={showWholeTeam}>
              {t('agent.transactions.wholeTeam')}
            </button>
          </p>
        ) : null}
        {result.isPending ? (
          <SkeletonLines lines={6} />
        ) : result.isError ? (
          filter.account && isNotFound(result.error) ? (
            // A member outside the team is answered as one that does not exist: lead back to the whole team. A 404
            // without an account (the route missing on an older server) is a failure, not a stranger.
            <ErrorState
              message={t('agent.team.notInTeam')}
              onRetry={showWholeTeam}
              retryLabel={t('agent.transactions.wholeTeam')}
            />
          ) : (
            <ErrorState message={t('common.loadFailed')} onRetry={() => void result.refetch()} />
          )
        ) : (
          <PagedTable
            totals={[
              {
                key: 'totalIn',
                label: t('agent.transactions.totalIn'),
                value: money(result.data.totalIn),
                money: true,
                tone: 'plus',
              },
              {
                key: 'totalOut',
                label: t('agent.transactions.totalOut'),
                value: money(result.data.totalOut),
                money: true,
                tone: 'minus',
              },
            ]}
            totalsTestId="transaction-totals"
            busy={result.isPlaceholderData}
            fetching={result.isFetching}
            empty={result.data.list.length === 0 ? t('agent.transactions.nothing') : null}
            pageNo={result.data.pageNo}
            totalPages={result.data.totalPages}
            onPage={(pageNo) => setFilter((current) => ({ ...current, pageNo }))}
            footer={
              <p className="muted team-total">{t('agent.transactions.total', { count: result.data.totalCount })}</p>
            }
          >
            <table className="record-table team-table" data-testid="transactions-table">
              <caption className="visually-hidden">{t('agent.pages.downlineTransactions')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('agent.transactions.columns.time')}</th>
                  <th scope="col">{t('agent.transactions.columns.account')}</th>
                  <th scope="col" className="is-numeric">
                    {t('agent.transactions.columns.level')}
                  </th>
                  <th scope="col">{t('agent.transactions.columns.type')}</th>
                  <th scope="col" className="is-numeric">
                    {t('agent.transactions.columns.amount')}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t('agent.transactions.columns.balanceAfter')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.data.list.map((row) => (
                  <TransactionRow
                    key={row.id}
                    row={row}
                    time={formatDateTime(row.time, language)}
                    amount={signedMoney(row.amount, money)}
                    balanceAfter={money(row.balanceAfter)}
                  />
                ))}
              </tbody>
            </table>
          </PagedTable>
        )}
      </section>
    </div>
  );
}

interface TransactionRowProps {
  row: TeamTransaction;
  time: string;
  amount: string;
  balanceAfter: string;
}

/** One movement; its journal reference (order number, transfer key) is the type's second line. */
function TransactionRow({ row, time, amount, balanceAfter }: TransactionRowProps) {
  const { t } = useTranslation();
  return (
    <tr>
      <td data-label={t('agent.transactions.columns.time')}>
        <span>
          <When text={time} />
        </span>
      </td>
      <td data-label={t('agent.transactions.columns.account')}>
        <strong>{row.account}</strong>
      </td>
      <td data-label={t('agent.transactions.columns.level')} className="is-numeric tabular">
        {formatCount(row.level)}
      </td>
      <td data-label={t('agent.transactions.columns.type')}>
        <span className="tx-type">
          <span>{t(`agent.transactions.types.${row.type}`)}</span>
          {row.reference ? (
            <span className="record-ref muted" title={t('agent.transactions.reference')}>
              <span className="visually-hidden">{t('agent.transactions.reference')}: </span>
              {row.reference}
            </span>
          ) : null}
        </span>
      </td>
      <td data-label={t('agent.transactions.columns.amount')} className="is-numeric tabular">
        <span className={`money money--${toneOf(row.amount)}`}>{amount}</span>
      </td>
      <td data-label={t('agent.transactions.columns.balanceAfter')} className="is-numeric tabular">
        {balanceAfter}
      </td>
    </tr>
  );
}
