import { useTranslation } from 'react-i18next';
import type { PlayError } from '../lib/play-error';

export interface PlayAlertProps {
  error: PlayError;
  /** Formats the balance a refusal carried (INSUFFICIENT_FUNDS). */
  formatBalance: (amount: string) => string;
  /** Resends the failed request as it was; offered only when its answer was lost. */
  onRetry?: () => void;
  retrying?: boolean;
  onDismiss?: () => void;
}

/** A failed play, inline: what happened and what to do next, in the player's language. */
export function PlayAlert({ error, formatBalance, onRetry, retrying = false, onDismiss }: PlayAlertProps) {
  const { t } = useTranslation();
  const fallback = t(`houseDice.errors.${error.kind}`);
  return (
    <div className="hdice-alert" role="alert" data-kind={error.kind} data-testid="dice-alert">
      <svg className="hdice-alert__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3 2 21h20L12 3Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 10v5M12 18v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className="hdice-alert__body">
        {error.kind === 'network' ? <p>{t('houseDice.errors.network')}</p> : <p>{error.message ?? fallback}</p>}
        {error.kind === 'expired' ? <p className="hdice-alert__hint">{t('houseDice.errors.expiredHint')}</p> : null}
        {error.kind === 'funds' && error.balance ? (
          <p className="hdice-alert__hint">
            {t('houseDice.errors.fundsBalance', { balance: formatBalance(error.balance) })}
          </p>
        ) : null}
      </div>
      <div className="hdice-alert__actions">
        {onRetry ? (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={onRetry}
            disabled={retrying}
            aria-busy={retrying || undefined}
            data-testid="dice-retry"
          >
            {retrying ? t('houseDice.errors.retrying') : t('houseDice.errors.retry')}
          </button>
        ) : null}
        {onDismiss ? (
          <button type="button" className="icon-button" onClick={onDismiss} aria-label={t('houseDice.errors.dismiss')}>
            <span aria-hidden="true">✕</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
