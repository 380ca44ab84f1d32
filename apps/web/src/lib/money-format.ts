import { DEFAULT_CURRENCY_SYMBOL } from '@portal/shared/constants';
import { currencySymbol, formatCurrency } from '@portal/shared/money';
import { useCallback } from 'react';
import { usePermission } from '@/api/get-permission';

/** The brand's currency symbol from the server's settings (the spec's default until they have loaded). */
export function useBrandSymbol(): string {
  const { data } = usePermission();
  return data?.settings.currencySymbol ?? DEFAULT_CURRENCY_SYMBOL;
}

/** The symbol before amounts of a currency: the brand's for real money, none for demo money. */
export function useCurrencySymbol(currency?: string | null): string {
  return currencySymbol(currency, useBrandSymbol());
}

/**
 * The one format of money shown to players: `format("1000", "BDT")` -> "৳ 1,000.00", `format("2000", "DEMO")` ->
 * "2,000.00", '—' for anything that is not an amount. Without a currency the amount is the brand's real money.
 */
export function useMoneyFormat(): (amount: string | null | undefined, currency?: string | null) => string {
  const brandSymbol = useBrandSymbol();
  return useCallback(
    (amount: string | null | undefined, currency?: string | null) => formatCurrency(amount, currency, brandSymbol),
    [brandSymbol],
  );
}
