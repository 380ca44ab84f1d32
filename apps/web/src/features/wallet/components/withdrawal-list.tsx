import type { Withdrawal } from '@portal/shared/wallet';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useWithdrawal } from '../api/get-withdrawal';
import { useWithdrawals } from '../api/get-withdrawals';
import { failureText } from '../lib/errors';
import { Money } from './money';
import { Pagination } from './pagination';
import { payoutAccountLabel } from './payout-accounts';
import { StatusPill } from './status-pill';
import { WithdrawalConfirmation } from './withdrawal-confirmation';

/** The member's withdrawals, newest first, with status, history, cancel while pending and the receipt check. */
export function WithdrawalList({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const query = useWithdrawals(pageNo);

  if (query.isPending) return <SkeletonLines lines={4} />;
  if (query.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <EmptyState message={t('wallet.withdraw.none')} />;

  return (
    <div className="stack">
      <ul className="order-list" data-testid="withdrawal-list">
        {query.data.list.map((withdrawal) => (
          <WithdrawalItem key={withdrawal.orderNo} withdrawal={withdrawal} symbol={symbol} />
        ))}
      </ul>
      <Pagination
        pageNo={query.data.pageNo}
        totalPages={query.data.totalPages}
        onChange={setPageNo}
        disabled={query.isFetching}
      />
    </div>
  );
}

function WithdrawalItem({ withdrawal, symbol }: { withdrawal: Withdrawal; symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const toast = useToast();
  const detailsId = useId();
  const [expanded, setExpanded] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelWithdrawal();

  function confirmCancel() {
    cancel.mutate(withdrawal.orderNo, {
      onSuccess: () => {
        setCancelling(false);
        toast.show(t('wallet.withdraw.cancelled'), 'success');
      },
      onError: (error) => {
        setCancelling(false);
        toast.show(failureText(error, t), 'error');
      },
    });
  }

  return (
    <li className="order-list__item order-list__item--stacked" data-testid={`withdrawal-${withdrawal.orderNo}`}>
      <div className="order-list__row">
        <div className="order-list__main">
          <Money amount={withdrawal.amount} symbol={symbol} className="order-list__amount" />
          <span className="muted">{payoutAccountLabel(withdrawal.payoutAccount)}</span>
          <span className="muted">{formatDateTime(withdrawal.createdAt, language)}</span>
          {withdrawal.forcedReceipt ? (
            <span className="order-list__reason">{t('wallet.withdraw.forcedReceipt')}</span>
          ) : null}
          {withdrawal.status === 'rejected' && withdrawal.rejectReason ? (
            <span className="order-list__reason">{t('wallet.reason', { reason: withdrawal.rejectReason })}</span>
          ) : null}
        </div>
        <div className="order-list__side">
          <StatusPill kind="withdrawal" status={withdrawal.status} />
          <button
            type="button"
            className="link-button"
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? t('wallet.withdraw.hideHistory') : t('wallet.withdraw.showHistory')}
          </button>
        </div>
      </div>
      {withdrawal.status === 'pending' ? (
        <button
          type="button"
          className="button button--ghost button--small order-list__action"
          onClick={() => setCancelling(true)}
        >
          {t('wallet.withdraw.cancel')}
        </button>
      ) : null}
      {withdrawal.status === 'paid' && !withdrawal.forcedReceipt ? (
        <WithdrawalConfirmation withdrawal={withdrawal} symbol={symbol} />
      ) : null}
      {expanded ? (
        <div id={detailsId}>
          <WithdrawalDetails orderNo={withdrawal.orderNo} symbol={symbol} />
        </div>
      ) : null}
      <AlertDialog
        open={cancelling}
        message={t('wallet.withdraw.cancelConfirm')}
        cancelLabel={t('common.cancel')}
        onCancel={() => setCancelling(false)}
        confirmLabel={t('wallet.withdraw.cancel')}
        onConfirm={confirmCancel}
        busy={cancel.isPending}
        testId="cancel-withdrawal"
      />
    </li>
  );
}

/** The status history of one withdrawal and what the member reported, loaded when opened. */
function WithdrawalDetails({ orderNo, symbol }: { orderNo: string; symbol: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = useWithdrawal(orderNo);
  if (query.isPending) return <SkeletonLines lines={3} />;
  if (query.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void query.refetch()} />;
  const withdrawal = query.data;
  return (
    <div className="withdrawal-details">
      <dl className="details">
        <div className="details__row">
          <dt>{t('wallet.withdraw.orderNo')}</dt>
          <dd className="tabular">{withdrawal.orderNo}</dd>
        </div>
        {withdrawal.receivedAmount ? (
          <div className="details__row">
            <dt>{t('wallet.withdraw.receivedAmount')}</dt>
            <dd>
              <Money amount={withdrawal.receivedAmount} symbol={symbol} />
            </dd>
          </div>
        ) : null}
        {withdrawal.remainingAmount ? (
          <div className="details__row">
            <dt>{t('wallet.withdraw.remainingAmount')}</dt>
            <dd>
              <Money amount={withdrawal.remainingAmount} symbol={symbol} />
            </dd>
          </div>
        ) : null}
        {withdrawal.proofCount > 0 ? (
          <div className="details__row">
            <dt>{t('wallet.withdraw.proofs')}</dt>
            <dd className="tabular">{withdrawal.proofCount}</dd>
          </div>
        ) : null}
      </dl>
      <ol className="history" aria-label={t('wallet.withdraw.history')}>
        {withdrawal.history.map((event) => (
          <li key={`${event.status}-${event.at}`} className="history__item">
            <StatusPill kind="withdrawal" status={event.status} />
            <span className="muted">{formatDateTime(event.at, language)}</span>
            {event.note ? <span className="history__note">{event.note}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
