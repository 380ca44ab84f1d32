import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/date-time';
import { useMoneyFormat } from '@/lib/money-format';
import { useMyBets } from '../api/get-my-bets';
import { useBetNames } from '../hooks/use-bet-names';
import { numeroLabel } from '../lib/draw-numbers';

/** The member's lottery bets with their status, newest first (every game, so a chase's later draws show too). */
export function MyBets({ signedIn, onSignIn }: { signedIn: boolean; onSignIn: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const format = useMoneyFormat();
  const names = useBetNames();
  const [pageNo, setPageNo] = useState(1);
  const bets = useMyBets(pageNo, signedIn);
  if (!signedIn) {
    return (
      <EmptyState
        message={t('lottery.mine.signIn')}
        action={
          <button type="button" className="button button--primary" onClick={onSignIn}>
            {t('lottery.lobby.signIn')}
          </button>
        }
      />
    );
  }
  if (bets.isError) return <ErrorState message={t('lottery.loadFailed')} onRetry={() => void bets.refetch()} />;
  if (!bets.data) return <SkeletonLines lines={4} />;
  if (bets.data.list.length === 0) return <EmptyState message={t('lottery.mine.empty')} />;
  return (
    <>
      <ul className="lottery-bets" data-testid="lottery-bets">
        {bets.data.list.map((bet) => (
          <li key={bet.betId} className="lottery-bets__row" data-status={bet.status}>
            <span className="lottery-bets__what">
              <strong>
                {names.betType(bet.betType)}: {names.selection(bet.selection)}
              </strong>
              <span className="lottery-bets__meta tabular">
                {bet.gameId} · {numeroLabel(bet.gameId.startsWith('VN_') ? 'VN' : '', bet.numero)} ·{' '}
                {formatDateTime(bet.createdAt, language)}
              </span>
            </span>
            <span className="lottery-bets__money tabular">
              <span>{t('lottery.mine.amount', { amount: format(bet.amount) })}</span>
              {bet.payout !== null && bet.status !== 'lost' ? (
                <span className="lottery-bets__payout">
                  +{t('lottery.mine.payout', { amount: format(bet.payout) })}
                </span>
              ) : null}
            </span>
            <span className={`lottery-status lottery-status--${bet.status}`}>
              {t(`lottery.mine.status.${bet.status}`, { defaultValue: bet.status })}
            </span>
          </li>
        ))}
      </ul>
      <Pagination pageNo={pageNo} totalPages={bets.data.totalPages} onChange={setPageNo} />
    </>
  );
}
