/**
 * The game's data: symbols, paytable, paylines and reel strips. Everything here is in "credits", one
 * credit being the bet per line, so every win is an integer number of credits.
 */

export const TEN = 0;
export const JACK = 1;
export const QUEEN = 2;
export const KING = 3;
export const ACE = 4;
export const EMERALD = 5;
export const RUBY = 6;
export const CROWN = 7;
export const WILD = 8;
export const SCATTER = 9;

export type SymbolId = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
export const SYMBOL_COUNT = 10;

export interface SymbolInfo {
  readonly id: SymbolId;
  readonly code: string;
  readonly name: string;
  readonly kind: 'low' | 'high' | 'wild' | 'scatter';
  /** Pays for 3, 4 and 5 of a kind: credits per line, or for the scatter, multiples of the total bet. */
  readonly pays: readonly [three: number, four: number, five: number];
}

export const SYMBOLS: readonly SymbolInfo[] = [
  { id: TEN, code: '10', name: 'Ten', kind: 'low', pays: [5, 25, 100] },
  { id: JACK, code: 'J', name: 'Jack', kind: 'low', pays: [5, 25, 100] },
  { id: QUEEN, code: 'Q', name: 'Queen', kind: 'low', pays: [10, 30, 125] },
  { id: KING, code: 'K', name: 'King', kind: 'low', pays: [10, 40, 150] },
  { id: ACE, code: 'A', name: 'Ace', kind: 'low', pays: [15, 50, 200] },
  { id: EMERALD, code: 'EM', name: 'Emerald', kind: 'high', pays: [20, 75, 250] },
  { id: RUBY, code: 'RU', name: 'Ruby', kind: 'high', pays: [25, 100, 400] },
  { id: CROWN, code: 'CR', name: 'Crown', kind: 'high', pays: [40, 150, 750] },
  { id: WILD, code: 'WI', name: 'Wild', kind: 'wild', pays: [50, 250, 1500] },
  { id: SCATTER, code: 'SC', name: 'Scatter', kind: 'scatter', pays: [2, 10, 50] },
];

export const REEL_COUNT = 5;
export const ROW_COUNT = 3;

/** Rows (0 = top) crossed on each reel, left to right. Line numbers shown to players are index + 1. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

export const LINE_COUNT = PAYLINES.length;

/** Three or more scatters anywhere award this many free spins, in the base game and as a retrigger. */
export const FREE_SPINS_AWARD = 10;
/** Every win during free spins, line and scatter alike, is multiplied by this. */
export const FREE_SPIN_MULTIPLIER = 3;
/** No trigger can lead to more free spins than this, retriggers included. */
export const FREE_SPINS_CAP = 50;
export const SCATTERS_TO_TRIGGER = 3;

/** One strip per reel, read top to bottom and wrapping around; a stop shows its symbol and the next two. */
export type ReelSet = readonly (readonly SymbolId[])[];

/**
 * Reel strips, reels 1 to 5. Only the symbol counts matter for the RTP (each reel carries a single
 * scatter, so no stop shows two); the order was shuffled once so that no symbol sits next to itself.
 *
 *            10   J   Q   K   A  EM  RU  CR  WI  SC  length
 *   reel 1    5   5   4   4   4   3   2   2   1   1     31
 *   reel 2    5   5   4   4   3   3   3   2   2   1     32
 *   reel 3    5   5   4   4   4   3   2   2   2   1     32
 *   reel 4    5   5   4   4   4   3   2   2   1   1     31
 *   reel 5    5   5   4   4   4   3   2   2   1   1     31
 */
// biome-ignore format: one reel per line is easier to read and to compare with the counts above
export const REELS: ReelSet = [
  [JACK, QUEEN, EMERALD, ACE, TEN, ACE, EMERALD, QUEEN, TEN, RUBY, JACK, KING, JACK, KING, ACE, SCATTER, QUEEN, CROWN, ACE, TEN, QUEEN, CROWN, EMERALD, WILD, KING, TEN, JACK, KING, RUBY, JACK, TEN],
  [QUEEN, JACK, EMERALD, KING, TEN, KING, RUBY, EMERALD, JACK, TEN, QUEEN, JACK, ACE, TEN, KING, TEN, SCATTER, RUBY, QUEEN, WILD, CROWN, ACE, JACK, CROWN, WILD, RUBY, JACK, ACE, KING, EMERALD, QUEEN, TEN],
  [QUEEN, CROWN, KING, ACE, JACK, QUEEN, TEN, JACK, TEN, QUEEN, JACK, KING, ACE, WILD, JACK, TEN, EMERALD, RUBY, ACE, QUEEN, WILD, TEN, RUBY, KING, ACE, CROWN, EMERALD, SCATTER, TEN, KING, JACK, EMERALD],
  [ACE, JACK, EMERALD, JACK, KING, QUEEN, EMERALD, QUEEN, JACK, CROWN, ACE, CROWN, TEN, JACK, TEN, QUEEN, TEN, KING, QUEEN, ACE, WILD, SCATTER, JACK, RUBY, KING, TEN, RUBY, EMERALD, KING, ACE, TEN],
  [ACE, TEN, ACE, KING, TEN, JACK, QUEEN, TEN, KING, RUBY, CROWN, QUEEN, TEN, QUEEN, KING, JACK, EMERALD, JACK, ACE, EMERALD, JACK, ACE, RUBY, JACK, SCATTER, CROWN, TEN, QUEEN, WILD, EMERALD, KING],
];
