import { formatMoney, isDecimalAmount } from '@portal/shared/money';
import type { TFunction } from 'i18next';
import type { AmountCheck } from '../lib/amount';

/** The message under an amount field for a failed check, in the member's language; null when it passed. */
export function amountMessage(t: TFunction, check: AmountCheck, symbol: string): string | null {
  if (check.ok) return null;
  const limit = check.limit && isDecimalAmount(check.limit) ? formatMoney(check.limit, symbol) : '';
  return t(`wallet.amount.problems.${check.problem}`, { limit });
}
