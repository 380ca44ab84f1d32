/**
 * The slot's symbols as the page draws and names them. The server names symbols by these ids; one it adds later
 * still shows (as its id on a plain tile) until the page learns to draw it.
 */
export const SLOT_SYMBOL_IDS = ['WI', 'SC', 'CR', 'RU', 'EM', 'A', 'K', 'Q', 'J', '10'] as const;
export type SlotSymbolId = (typeof SLOT_SYMBOL_IDS)[number];

export function isKnownSymbol(id: string): id is SlotSymbolId {
  return (SLOT_SYMBOL_IDS as readonly string[]).includes(id);
}

/** Most valuable first: the order of the paytable in the help panel. */
export function symbolRank(id: string): number {
  const index = (SLOT_SYMBOL_IDS as readonly string[]).indexOf(id);
  return index < 0 ? SLOT_SYMBOL_IDS.length : index;
}

/** The i18n key of a symbol's name ('Crown'); unknown ids are shown as they are. */
export function symbolNameKey(id: string): string | null {
  return isKnownSymbol(id) ? `houseSlot.symbols.${id}` : null;
}

/** Symbols the reels show while they spin, before the result is known: a fixed order, so nothing flickers. */
export const SPIN_STRIP: readonly SlotSymbolId[] = ['K', 'EM', 'Q', 'CR', '10', 'RU', 'J', 'WI', 'A', 'SC'];
