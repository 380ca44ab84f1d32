import { DEMO_CURRENCY, formatCurrency, fromMinor } from '@portal/shared/money';

export { DEMO_CURRENCY };
/** The currency of real balances (one per brand for now). */
export const REAL_CURRENCY = 'BDT';

/**
 * An amount as a message to a player carries it (a limit in an error, say), in the one format the web shows:
 * "৳ 1,000.00" with the brand's currency symbol (`brand.currencySymbol` of the settings), no symbol for demo money.
 */
export function moneyText(minor: bigint, currency: string, brandSymbol: string): string {
  return formatCurrency(fromMinor(minor), currency, brandSymbol);
}
