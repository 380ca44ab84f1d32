import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { totalStake } from '../lib/slot-math';

export interface BetSelectorProps {
  betsPerLine: readonly string[];
  index: number;
  onChange: (index: number) => void;
  lines: number;
  /** The currency the game plays (see playCurrency). */
  currency: string;
  disabled?: boolean;
}

/** − and + step through the bets per line the game offers; the total stake is that times the lines. */
export function BetSelector({ betsPerLine, index, onChange, lines, currency, disabled = false }: BetSelectorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const money = useMoneyFormat();
  const bet = betsPerLine[index] ?? betsPerLine[0] ?? '0.00';
  return (
    <fieldset className="slot-bet" disabled={disabled}>
      <legend className="visually-hidden">{t('houseSlot.bet.legend')}</legend>
      <div className="slot-bet__row">
        <span className="slot-bet__label" id={labelId}>
          {t('houseSlot.bet.perLine')}
        </span>
        <div className="slot-bet__stepper">
          <button
            type="button"
            className="slot-bet__step"
            onClick={() => onChange(index - 1)}
            disabled={index <= 0}
            aria-label={t('houseSlot.bet.decrease')}
            data-testid="slot-bet-decrease"
          >
            <span aria-hidden="true">−</span>
          </button>
          <output className="slot-bet__value tabular" aria-labelledby={labelId} aria-live="polite">
            {money(bet, currency)}
          </output>
          <button
            type="button"
            className="slot-bet__step"
            onClick={() => onChange(index + 1)}
            disabled={index >= betsPerLine.length - 1}
            aria-label={t('houseSlot.bet.increase')}
            data-testid="slot-bet-increase"
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
      </div>
      <p className="slot-bet__total">
        <span>{t('houseSlot.bet.lines', { count: lines })}</span>
        <span aria-hidden="true"> · </span>
        <span>
          {t('houseSlot.bet.total')}{' '}
          <strong className="tabular" data-testid="slot-stake">
            {money(totalStake(bet, lines), currency)}
          </strong>
        </span>
      </p>
    </fieldset>
  );
}
