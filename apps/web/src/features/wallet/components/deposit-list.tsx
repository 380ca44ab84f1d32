import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useDeposits } from '../api/get-deposits';
import { Money } from './money';
import { Pagination } from './pagination';
import { StatusPill } from './status-pill';

export interface DepositListProps {
  symbol: string;
  onView: (orderNo: string) => void;
}

/** The member's recent deposit orders, newest first, each opening its order view. */
export function DepositList({ symbol, onView }: DepositListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const query = useDeposits(pageNo);

  if (query.isPending) return <SkeletonLines lines={4} />;
  if (query.isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void query.refetch()} />;
  if (query.data.list.length === 0) return <EmptyState message={t('wallet.deposit.none')} />;

  return (
    <div className="stack">
      <ul className="order-list" data-testid="deposit-list">
        {query.data.list.map((order) => (
          <li key={order.orderNo} className="order-list__item">
            <div className="order-list__main">
              <Money amount={order.amount} symbol={symbol} className="order-list__amount" />
              <span className="muted">
                {order.channelName} · {formatDateTime(order.createdAt, language)}
              </span>
              {order.status === 'rejected' && order.rejectReason ? (
                <span className="order-list__reason">{t('wallet.reason', { reason: order.rejectReason })}</span>
              ) : null}
            </div>
            <div className="order-list__side">
              <StatusPill kind="deposit" status={order.status} />
              <button type="button" className="link-button" onClick={() => onView(order.orderNo)}>
                {t('wallet.view')}
                <span className="visually-hidden"> {order.orderNo}</span>
              </button>
            </div>
          </li>
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
