import { REEL_COUNT, SCATTER, SYMBOL_COUNT, SYMBOLS, type SymbolId, WILD } from './paytable.ts';

/** The best win of one payline, or null when it pays nothing. */
export interface LinePay {
  readonly symbol: SymbolId;
  readonly count: number;
  readonly credits: number;
}

function pays(symbol: number, count: number): number {
  return count >= 3 ? SYMBOLS[symbol]!.pays[count - 3]! : 0;
}

/**
 * Evaluates five symbols read left to right from the first reel. A wild stands in for any paying
 * symbol but never for the scatter; a run that starts with wilds pays the better of the wilds on
 * their own and the symbol they complete.
 */
export function evaluateLine(symbols: readonly number[]): LinePay | null {
  let wilds = 0;
  while (wilds < REEL_COUNT && symbols[wilds] === WILD) wilds++;
  const wildCredits = pays(WILD, wilds);
  const symbol = wilds < REEL_COUNT ? symbols[wilds]! : WILD;
  let symbolCredits = 0;
  let count = wilds;
  if (symbol !== WILD && symbol !== SCATTER) {
    while (count < REEL_COUNT && (symbols[count] === symbol || symbols[count] === WILD)) count++;
    symbolCredits = pays(symbol, count);
  }
  if (wildCredits === 0 && symbolCredits === 0) return null;
  if (wildCredits > symbolCredits) return { symbol: WILD, count: wilds, credits: wildCredits };
  return { symbol: symbol as SymbolId, count, credits: symbolCredits };
}

/** Line keys pack five symbol ids as base-10 digits, reel 1 first: 0 to 99,999. */
export const LINE_KEY_SPACE = SYMBOL_COUNT ** REEL_COUNT;

export function lineKey(symbols: readonly number[]): number {
  let key = 0;
  for (let reel = 0; reel < REEL_COUNT; reel++) key = key * SYMBOL_COUNT + symbols[reel]!;
  return key;
}

/** Place value of each reel's digit in a line key. */
export const REEL_PLACE: readonly number[] = Array.from(
  { length: REEL_COUNT },
  (_, reel) => SYMBOL_COUNT ** (REEL_COUNT - 1 - reel),
);

let lineCredits: Int32Array | undefined;

/** Credits paid by every possible line, indexed by line key; built once and shared. */
export function lineCreditTable(): Int32Array {
  if (lineCredits) return lineCredits;
  const table = new Int32Array(LINE_KEY_SPACE);
  const symbols = [0, 0, 0, 0, 0];
  for (let key = 0; key < LINE_KEY_SPACE; key++) {
    let rest = key;
    for (let reel = REEL_COUNT - 1; reel >= 0; reel--) {
      symbols[reel] = rest % SYMBOL_COUNT;
      rest = Math.floor(rest / SYMBOL_COUNT);
    }
    table[key] = evaluateLine(symbols)?.credits ?? 0;
  }
  lineCredits = table;
  return table;
}

/** Credits paid by `count` scatters anywhere on the grid, per credit of bet per line (so × lines). */
export function scatterMultiple(count: number): number {
  return pays(SCATTER, Math.min(count, REEL_COUNT));
}
