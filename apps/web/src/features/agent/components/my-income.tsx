import { CONTRACT_TYPES, type ContractStatement, type ContractType } from '@portal/shared/contracts';
import { toMinor } from '@portal/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useMoneyFormat } from '@/lib/money-format';
import { type IncomeQuery, useIncome } from '../api/get-income';
import { formatWindow } from '../lib/format';
import { teamPresetRange } from '../lib/periods';
import { PagedTable } from './paged-table';
import { type PeriodChoice, PeriodFilter } from './period-filter';
import { StatementDetail } from './statement-detail';
import { When } from './when';

/** Statements of this month by default: a daily window ends the day after it, an agent looks back over weeks. */
function firstPeriod(): PeriodChoice {
  return { period: 'thisMonth', ...teamPresetRange('thisMonth') };
}

/**
 * My income (the agent's revenue report): every settled window of its contracts, paid or kept, newest first, with
 * the total paid over the filter; a row opens its statement, line by line, and the bets behind it.
 */
export function MyIncome() {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoneyFormat();
  const [period, setPeriod] = useState<PeriodChoice>(firstPeriod);
  const [filter, setFilter] = useState<Pick<IncomeQuery, 'type' | 'pageNo'>>({ type: null, pageNo: 1 });
  const [open, setOpen] = useState<ContractStatement | null>(null);
  const result = useIncome({ from: period.from, to: period.to, ...filter });

  const typeOptions = [
    { value: '', label: t('agent.income.allTypes') },
    ...CONTRACT_TYPES.map((type) => ({ value: type, label: t(`agent.contracts.types.${type}`) })),
  ];

  return (
    <div className="wallet-page my-income" data-testid="my-income">
      <section className="wallet-card" aria-labelledby="my-income-title">
        <div className="wallet-card__head">
          <h3 className="wallet-card__title" id="my-income-title">
            {t('agent.pages.myIncome')}
          </h3>
        </div>
        <PeriodFilter
          value={period}
          onChange={(next) => {
            setPeriod(next);
            setFilter((current) => ({ ...current, pageNo: 1 }));
          }}
        />
        <div className="team-controls tx-controls income-controls">
          <SelectField
            label={t('agent.income.type')}
            value={filter.type ?? ''}
            options={typeOptions}
            onChange={(value) => setFilter({ type: value ? (value as ContractType) : null, pageNo: 1 })}
          />
        </div>
        {result.isPending ? (
          <SkeletonLines lines={6} />
        ) : result.isError ? (
          <ErrorState message={t('common.loadFailed')} onRetry={() => void result.refetch()} />
        ) : (
          <PagedTable
            totals={[
              {
                key: 'totalPaid',
                label: t('agent.income.totalPaid'),
                value: money(result.data.totalPaid),
                money: true,
                tone: 'plus',
              },
              {
                key: 'statements',
                label: t('agent.income.statements'),
                value: result.data.totalCount.toLocaleString('en-US'),
              },
            ]}
            totalsTestId="income-totals"
            busy={result.isPlaceholderData}
            fetching={result.isFetching}
            empty={result.data.list.length === 0 ? t('agent.income.nothing') : null}
            pageNo={result.data.pageNo}
            totalPages={result.data.totalPages}
            onPage={(pageNo) => setFilter((current) => ({ ...current, pageNo }))}
          >
            <table className="record-table team-table income-table" data-testid="income-table">
              <caption className="visually-hidden">{t('agent.pages.myIncome')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('agent.income.columns.window')}</th>
                  <th scope="col">{t('agent.income.columns.type')}</th>
                  <th scope="col" className="is-numeric">
                    {t('agent.income.columns.paid')}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t('agent.income.columns.kept')}
                  </th>
                  <th scope="col">{t('agent.income.columns.settledAt')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('agent.income.open')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.data.list.map((statement) => (
                  <tr key={statement.id} data-statement={statement.id}>
                    <td data-label={t('agent.income.columns.window')}>
                      <span>
                        <When text={formatWindow(statement.window, language)} />
                      </span>
                    </td>
                    <td data-label={t('agent.income.columns.type')}>{t(`agent.contracts.types.${statement.type}`)}</td>
                    <td data-label={t('agent.income.columns.paid')} className="is-numeric tabular">
                      <strong>{money(statement.paid)}</strong>
                    </td>
                    <td data-label={t('agent.income.columns.kept')} className="is-numeric tabular">
                      <Kept statement={statement} money={money} />
                    </td>
                    <td data-label={t('agent.income.columns.settledAt')}>
                      <span>
                        <When text={formatDateTime(statement.settledAt, language)} />
                      </span>
                    </td>
                    <td className="record-table__toggle">
                      <button type="button" className="link-button" onClick={() => setOpen(statement)}>
                        {t('agent.income.open')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </PagedTable>
        )}
      </section>
      {open ? <StatementDetail statement={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** What the window kept for later: an amount below the minimum payout, and a loss carried into the next window. */
function Kept({ statement, money }: { statement: ContractStatement; money: (amount: string) => string }) {
  const { t } = useTranslation();
  const pending = toMinor(statement.pending) !== 0n;
  const carried = toMinor(statement.carriedLoss) !== 0n;
  if (!pending && !carried) return <>{money('0.00')}</>;
  return (
    <span className="income-kept">
      {pending ? <span>{t('agent.income.pending', { amount: money(statement.pending) })}</span> : null}
      {carried ? <span>{t('agent.income.carried', { amount: money(statement.carriedLoss) })}</span> : null}
    </span>
  );
}
