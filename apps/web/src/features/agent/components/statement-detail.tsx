import type { ContractStatement } from '@portal/shared/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { Pagination } from '@/components/ui/pagination';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useMoneyFormat } from '@/lib/money-format';
import { useStatementBets } from '../api/get-statement-bets';
import { formatWindow, signedMoney, toneOf } from '../lib/format';
import { StatementLines } from './statement-lines';
import { When } from './when';

/** One payment's statement (a sheet on phones): its lines, what was paid with the wallet entry, and its bets. */
export function StatementDetail({ statement, onClose }: { statement: ContractStatement; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoneyFormat();
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={t('agent.income.statementTitle', {
        type: t(`agent.contracts.types.${statement.type}`),
        window: formatWindow(statement.window, language),
      })}
      testId="statement-detail"
    >
      <div className="statement-detail">
        <dl className="team-figures statement-detail__summary">
          <div className="team-figure team-figure--money">
            <dt className="team-figure__label">{t('agent.income.columns.paid')}</dt>
            <dd className="team-figure__value tabular">{money(statement.paid)}</dd>
          </div>
          <div className="team-figure">
            <dt className="team-figure__label">{t('agent.income.entry')}</dt>
            <dd className="team-figure__value tabular" data-testid="statement-entry">
              {statement.entryId ?? t('agent.income.noEntry')}
            </dd>
          </div>
          <div className="team-figure">
            <dt className="team-figure__label">{t('agent.income.columns.settledAt')}</dt>
            <dd className="team-figure__note">
              <When text={formatDateTime(statement.settledAt, language)} />
            </dd>
          </div>
        </dl>
        <h4 className="statement-detail__heading">{t('agent.income.lines')}</h4>
        <StatementLines lines={statement.lines} />
        <StatementBets statementId={statement.id} />
      </div>
    </Modal>
  );
}

/** "Bets in this statement": the team's bets, wins and refunds of the window, oldest first, paged. */
function StatementBets({ statementId }: { statementId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoneyFormat();
  const [pageNo, setPageNo] = useState(1);
  const result = useStatementBets(statementId, pageNo);
  return (
    <section className="statement-bets" aria-labelledby="statement-bets-title" data-testid="statement-bets">
      <h4 className="statement-detail__heading" id="statement-bets-title">
        {t('agent.income.bets')}
      </h4>
      {result.isPending ? (
        <SkeletonLines lines={4} />
      ) : result.isError ? (
        <ErrorState message={t('common.loadFailed')} onRetry={() => void result.refetch()} />
      ) : result.data.list.length === 0 ? (
        <EmptyState message={t('agent.income.noBets')} />
      ) : (
        <>
          <div className={`record-table-wrap${result.isPlaceholderData ? ' is-busy' : ''}`}>
            <table className="record-table team-table">
              <caption className="visually-hidden">{t('agent.income.bets')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('agent.income.betColumns.time')}</th>
                  <th scope="col">{t('agent.income.betColumns.account')}</th>
                  <th scope="col">{t('agent.income.betColumns.type')}</th>
                  <th scope="col" className="is-numeric">
                    {t('agent.income.betColumns.amount')}
                  </th>
                  <th scope="col">{t('agent.income.betColumns.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {result.data.list.map((bet) => (
                  <tr key={bet.id}>
                    <td data-label={t('agent.income.betColumns.time')}>
                      <span>
                        <When text={formatDateTime(bet.time, language)} />
                      </span>
                    </td>
                    <td data-label={t('agent.income.betColumns.account')}>
                      <strong>{bet.account}</strong>
                    </td>
                    <td data-label={t('agent.income.betColumns.type')}>{t(`agent.income.betTypes.${bet.type}`)}</td>
                    <td data-label={t('agent.income.betColumns.amount')} className="is-numeric tabular">
                      <span className={`money money--${toneOf(bet.amount)}`}>{signedMoney(bet.amount, money)}</span>
                    </td>
                    <td data-label={t('agent.income.betColumns.reference')}>
                      <span className="record-ref">{bet.reference}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            pageNo={result.data.pageNo}
            totalPages={result.data.totalPages}
            onChange={setPageNo}
            disabled={result.isFetching}
            label={t('agent.income.betPages')}
          />
          <p className="muted team-total">
            {t('agent.income.betTotal', { count: result.data.totalCount, shown: result.data.totalCount })}
          </p>
        </>
      )}
    </section>
  );
}
