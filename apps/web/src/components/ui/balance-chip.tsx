import { DEFAULT_CURRENCY_SYMBOL } from '@portal/shared/constants';
import { formatMoney, isDecimalAmount } from '@portal/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BalanceChipProps {
  /** Decimal string with two places, as the API sends money. */
  amount: string | null;
  symbol?: string;
  onRefresh?: () => void;
  refreshing?: boolean;
  defaultHidden?: boolean;
}

export function BalanceChip({
  amount,
  symbol = DEFAULT_CURRENCY_SYMBOL,
  onRefresh,
  refreshing = false,
  defaultHidden = false,
}: BalanceChipProps) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState(defaultHidden);
  const text = amount !== null && isDecimalAmount(amount) ? formatMoney(amount, symbol) : '—';

  return (
    <span className="balance-chip">
      <span className="visually-hidden">{t('balance.label')}</span>
      <span className="balance-chip__amount tabular" data-testid="balance-amount" title={hidden ? undefined : text}>
        {hidden ? '***' : text}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-pressed={hidden}
        onClick={() => setHidden((value) => !value)}
        aria-label={hidden ? t('balance.show') : t('balance.hide')}
      >
        <span aria-hidden="true">{hidden ? '◌' : '◉'}</span>
      </button>
      {onRefresh ? (
        <button
          type="button"
          className={`icon-button${refreshing ? ' is-spinning' : ''}`}
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={t('balance.refresh')}
        >
          <span aria-hidden="true">↻</span>
        </button>
      ) : null}
    </span>
  );
}
