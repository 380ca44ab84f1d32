import { formatMoney, isDecimalAmount } from '@portal/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form-field';
import { cleanAmountInput } from '../lib/amount';

export interface AmountFieldProps {
  value: string;
  onChange: (value: string) => void;
  symbol: string;
  error?: string | null;
  hint?: ReactNode;
  label?: string;
  /** Amounts offered as one-tap buttons. */
  quickAmounts?: string[];
  disabled?: boolean;
}

/** An amount input (digits and two decimals) with quick-amount buttons under it. */
export function AmountField({
  value,
  onChange,
  symbol,
  error,
  hint,
  label,
  quickAmounts = [],
  disabled,
}: AmountFieldProps) {
  const { t } = useTranslation();
  const quick = quickAmounts.filter(isDecimalAmount);
  return (
    <div className="amount-field">
      <TextField
        label={label ?? t('wallet.amount.label')}
        value={value}
        onChange={(next) => onChange(cleanAmountInput(next))}
        error={error}
        hint={hint}
        inputMode="decimal"
        autoComplete="off"
        maxLength={16}
        required
        disabled={disabled}
        leading={
          <span className="amount-field__symbol" aria-hidden="true">
            {symbol}
          </span>
        }
      />
      {quick.length > 0 ? (
        <fieldset className="quick-amounts">
          <legend className="visually-hidden">{t('wallet.amount.quick')}</legend>
          {quick.map((amount) => (
            <button
              key={amount}
              type="button"
              className="quick-amounts__button tabular"
              aria-pressed={value === amount || value === amount.replace(/\.00$/, '')}
              onClick={() => onChange(amount.replace(/\.00$/, ''))}
              disabled={disabled}
            >
              {formatMoney(amount, symbol).replace(/\.00$/, '')}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
