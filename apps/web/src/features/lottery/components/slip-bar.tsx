import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';

export interface SlipBarProps {
  count: number;
  /** The picks' cost on one draw. */
  cost: string;
  /** The most they can win, or null where that is not one figure (lô pays per appearance). */
  win: string | null;
  /** False while no draw takes bets (the lock has begun). */
  open: boolean;
  signedIn: boolean;
  onPlace: () => void;
  onClear: () => void;
  onSignIn: () => void;
}

/** The slip, fixed at the bottom within a thumb's reach: how many picks, their cost and best win, and Bet. */
export function SlipBar({ count, cost, win, open, signedIn, onPlace, onClear, onSignIn }: SlipBarProps) {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <section className="lottery-slip" aria-label={t('lottery.slip.label')} data-testid="lottery-slip">
      {count === 0 ? (
        <p className="lottery-slip__empty">{t('lottery.slip.empty')}</p>
      ) : (
        <div className="lottery-slip__sum">
          <span className="lottery-slip__count">
            {t('lottery.slip.picks', { count })}
            <button
              type="button"
              className="lottery-slip__clear"
              onClick={onClear}
              aria-label={t('lottery.slip.clear')}
            >
              ×
            </button>
          </span>
          <span>
            {t('lottery.slip.cost')}{' '}
            <strong className="tabular" data-testid="lottery-slip-cost">
              {format(cost)}
            </strong>
          </span>
          {win !== null ? (
            <span>
              {t('lottery.slip.win')} <strong className="tabular lottery-slip__win">{format(win)}</strong>
            </span>
          ) : null}
        </div>
      )}
      {signedIn ? (
        <button
          type="button"
          className="button button--primary lottery-slip__place"
          disabled={count === 0 || !open}
          onClick={onPlace}
        >
          {t('lottery.slip.place')}
        </button>
      ) : (
        <button type="button" className="button button--primary lottery-slip__place" onClick={onSignIn}>
          {t('lottery.slip.signIn')}
        </button>
      )}
    </section>
  );
}
