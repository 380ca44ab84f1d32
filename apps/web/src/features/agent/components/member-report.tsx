import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { SkeletonLines } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useMoneyFormat } from '@/lib/money-format';
import { formatCount, signedMoney, toneOf } from '../lib/format';
import { AccountSearch } from './account-search';
import { defaultPeriodChoice, PeriodCardHead, type PeriodChoice } from './period-filter';
import { SortHeader, SortSelect } from './sort-header';

type Order = 'asc' | 'desc';

/** What a per-downline report asks its endpoint, besides its own filters. */
export interface MemberReportQuery<S extends string> {
  from: string;
  to: string;
  account: string | null;
  sort: S;
  order: Order;
  pageNo: number;
}

/** A figure column: a count, an amount, or an amount shown with its sign (a result). */
export interface ReportColumn<K extends string> {
  key: K;
  kind: 'count' | 'money' | 'signed';
}

export interface MemberReportPage<K extends string> {
  list: ({ account: string; level: number } & Record<K, string | number>)[];
  pageNo: number;
  totalPages: number;
  totalCount: number;
  totals: Record<K, string | number>;
}

export interface MemberReportProps<K extends string, S extends string, P extends MemberReportPage<K>> {
  /** The page's key under agent.pages and agent.reports (its strings). */
  page: 'teamBetting' | 'userProfitLoss';
  columns: ReportColumn<K>[];
  sorts: readonly S[];
  defaultSort: S;
  useReport: (query: MemberReportQuery<S>) => UseQueryResult<P>;
  /** The page's own filters beside the account box (given the latest answer); a change of `filterKey` starts again at page 1. */
  filters?: (data: P | undefined) => ReactNode;
  filterKey?: string;
}

/**
 * A report of the team per downline (team betting, user profit and loss): period, the page's filters, an exact
 * account, sortable column headers (and a sort list on phones, where rows are cards), a paged table and the totals
 * of every matching row, not only the page's.
 */
export function MemberReport<K extends string, S extends string, P extends MemberReportPage<K>>({
  page,
  columns,
  sorts,
  defaultSort,
  useReport,
  filters,
  filterKey = '',
}: MemberReportProps<K, S, P>) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const [period, setPeriod] = useState<PeriodChoice>(() => defaultPeriodChoice());
  const [query, setQuery] = useState({
    account: null as string | null,
    sort: defaultSort,
    order: 'desc' as Order,
    pageNo: 1,
  });
  const [search, setSearch] = useState('');
  const result = useReport({ from: period.from, to: period.to, ...query });
  const change = (next: Partial<typeof query>) => setQuery((current) => ({ ...current, pageNo: 1, ...next }));

  // A change of the page's own filters starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for those filters
  useEffect(() => setQuery((current) => ({ ...current, pageNo: 1 })), [filterKey]);

  function sortBy(sort: S) {
    if (sort === query.sort) change({ order: query.order === 'asc' ? 'desc' : 'asc' });
    else change({ sort, order: 'desc' });
  }
  function showWholeTeam() {
    setSearch('');
    change({ account: null });
  }

  const label = (key: string) => t(`agent.reports.columns.${key}`);
  const show = (kind: ReportColumn<K>['kind'], value: string | number) => {
    if (kind === 'count') return formatCount(Number(value));
    if (kind === 'money') return money(String(value));
    return <span className={`money money--${toneOf(String(value))}`}>{signedMoney(String(value), money)}</span>;
  };
  const sortable = new Set<string>(sorts);
  const header = (key: string, numeric: boolean) =>
    sortable.has(key) ? (
      <SortHeader
        key={key}
        label={label(key)}
        order={query.sort === key ? query.order : null}
        numeric={numeric}
        onSort={() => sortBy(key as S)}
      />
    ) : (
      <th key={key} scope="col" className={numeric ? 'is-numeric' : undefined}>
        {label(key)}
      </th>
    );

  return (
    <div className="wallet-page member-report" data-testid={`report-${page}`}>
      <section className="wallet-card" aria-labelledby={`report-${page}-title`}>
        <PeriodCardHead
          titleId={`report-${page}-title`}
          title={t(`agent.pages.${page}`)}
          value={period}
          onChange={(next) => {
            setPeriod(next);
            change({});
          }}
        />
        <div className="team-controls report-controls">
          <AccountSearch
            label={t('agent.reports.account')}
            value={search}
            onChange={setSearch}
            onSearch={(account) => change({ account })}
          />
          {filters?.(result.data)}
          <SortSelect
            label={t('agent.reports.sortLabel')}
            sorts={sorts}
            sort={query.sort}
            order={query.order}
            optionLabel={(sort, order) => t(`agent.reports.sortOrders.${order}`, { column: label(sort) })}
            onSort={(sort, order) => change({ sort, order })}
          />
        </div>
        {query.account ? (
          <p className="team-where">
            <span>{t('agent.reports.ofAccount', { account: query.account })}</span>{' '}
            <button type="button" className="link-button" onClick={showWholeTeam}>
              {t('agent.reports.wholeTeam')}
            </button>
          </p>
        ) : null}
        {result.isPending ? (
          <SkeletonLines lines={6} />
        ) : result.isError ? (
          query.account && result.error instanceof ApiError && result.error.status === 404 ? (
            <ErrorState
              message={t('agent.team.notInTeam')}
              onRetry={showWholeTeam}
              retryLabel={t('agent.reports.wholeTeam')}
            />
          ) : (
            <ErrorState message={t('common.loadFailed')} onRetry={() => void result.refetch()} />
          )
        ) : result.data.list.length === 0 ? (
          <EmptyState message={t(`agent.reports.nothing.${page}`)} />
        ) : (
          <>
            <div
              className={`record-table-wrap${result.isPlaceholderData ? ' is-busy' : ''}`}
              aria-busy={result.isPlaceholderData || undefined}
            >
              <table className="record-table team-table report-table" data-testid="report-table">
                <caption className="visually-hidden">{t(`agent.pages.${page}`)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{label('account')}</th>
                    {header('level', true)}
                    {columns.map((column) => header(column.key, true))}
                  </tr>
                </thead>
                <tbody>
                  {result.data.list.map((row) => (
                    <tr key={row.account}>
                      <td data-label={label('account')}>
                        <strong>{row.account}</strong>
                      </td>
                      <td data-label={label('level')} className="is-numeric tabular">
                        {formatCount(row.level)}
                      </td>
                      {columns.map((column) => (
                        <td key={column.key} data-label={label(column.key)} className="is-numeric tabular">
                          {show(column.kind, row[column.key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot data-testid="report-totals">
                  <tr className="report-table__totals">
                    <th scope="row" colSpan={2}>
                      {t('agent.reports.totals', { count: result.data.totalCount })}
                    </th>
                    {columns.map((column) => (
                      <td key={column.key} data-label={label(column.key)} className="is-numeric tabular">
                        {show(column.kind, result.data.totals[column.key])}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
            <Pagination
              pageNo={result.data.pageNo}
              totalPages={result.data.totalPages}
              onChange={(pageNo) => setQuery((current) => ({ ...current, pageNo }))}
              disabled={result.isFetching}
            />
          </>
        )}
      </section>
    </div>
  );
}
