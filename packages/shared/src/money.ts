// Money is integer minor units everywhere; the API carries decimal strings with two places.

const MINOR_PER_UNIT = 100n;
const DECIMAL_PATTERN = /^-?\d{1,15}(\.\d{1,2})?$/;

export function isDecimalAmount(text: string): boolean {
  return DECIMAL_PATTERN.test(text);
}

/** "1234.5" -> 123450n. Throws on anything that is not a plain decimal with at most two places. */
export function toMinor(text: string): bigint {
  if (!isDecimalAmount(text)) throw new RangeError(`Not a decimal amount: ${text}`);
  const negative = text.startsWith('-');
  const [units = '0', fraction = ''] = text.replace('-', '').split('.');
  const minor = BigInt(units) * MINOR_PER_UNIT + BigInt(fraction.padEnd(2, '0'));
  return negative ? -minor : minor;
}

/** 123450n -> "1234.50" */
export function fromMinor(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const text = `${abs / MINOR_PER_UNIT}.${(abs % MINOR_PER_UNIT).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** The currency of free-play money: no real account holds it, and it is shown without a symbol. */
export const DEMO_CURRENCY = 'DEMO';

/**
 * The symbol shown before an amount of a currency: the brand's symbol (its settings' `currencySymbol`) for real money,
 * none for demo money, as the header's balance chip shows it (beside its "demo" mark).
 */
export function currencySymbol(currency: string | null | undefined, brandSymbol: string): string {
  return currency === DEMO_CURRENCY ? '' : brandSymbol;
}

/**
 * The one way an amount is shown to players, on the web and in the server's messages: "1234567.5" with "৳" ->
 * "৳ 1,234,567.50" (two decimals, thousands in groups of three, the symbol and a space before it); "1,234,567.50"
 * without a symbol.
 */
export function formatMoney(amount: string, symbol: string): string {
  const minor = toMinor(amount);
  const negative = minor < 0n;
  const [units = '0', fraction = '00'] = fromMinor(negative ? -minor : minor).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol ? `${symbol} ` : ''}${grouped}.${fraction}`;
}

/** An amount of a currency as players read it (see `formatMoney`); '—' for anything that is not an amount. */
export function formatCurrency(
  amount: string | null | undefined,
  currency: string | null | undefined,
  brandSymbol: string,
) {
  if (!amount || !isDecimalAmount(amount)) return '—';
  return formatMoney(amount, currencySymbol(currency, brandSymbol));
}

/**
 * An amount a person typed: digits with at most two decimals, no sign, no exponent, at most 13 integer digits (so
 * every amount stays far below 2^53 minor units). The API takes amounts as strings, never as JSON numbers.
 */
export const AMOUNT_INPUT_PATTERN = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;

/** "100.5" -> 10050n; null for anything that is not a positive amount of the pattern above. */
export function parsePositiveAmount(text: string): bigint | null {
  if (!AMOUNT_INPUT_PATTERN.test(text)) return null;
  const minor = toMinor(text);
  return minor > 0n ? minor : null;
}
