import { formatMoney, fromMinor, isDecimalAmount, toMinor } from '@portal/shared/money';

export interface MoneyProps {
  /** Decimal string with two places, as the API sends money. */
  amount: string | null | undefined;
  symbol: string;
  /** Credits get a plus, debits a minus, and their colours: the sign tells them apart without the colour. */
  signed?: boolean;
  className?: string;
}

/** An amount in the tabular font: two decimals, thousands separators, the brand's currency symbol. */
export function Money({ amount, symbol, signed = false, className }: MoneyProps) {
  const extra = className ? ` ${className}` : '';
  if (!amount || !isDecimalAmount(amount)) return <span className={`money tabular${extra}`}>—</span>;
  if (!signed) return <span className={`money tabular${extra}`}>{formatMoney(amount, symbol)}</span>;
  const minor = toMinor(amount);
  const tone = minor > 0n ? 'plus' : minor < 0n ? 'minus' : 'zero';
  const sign = minor > 0n ? '+' : minor < 0n ? '−' : '';
  return (
    <span className={`money money--${tone} tabular${extra}`}>
      {sign}
      {formatMoney(fromMinor(minor < 0n ? -minor : minor), symbol)}
    </span>
  );
}
