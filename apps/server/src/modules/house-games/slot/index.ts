export {
  drawStops,
  gridAt,
  type LineWin,
  playRound,
  type RoundResult,
  type SpinOptions,
  type SpinResult,
  spin,
  totalBet,
} from './engine.ts';
export {
  type PaytableEntry,
  SLOT_EXACT_RTP,
  SLOT_HIT_FREQUENCY,
  SLOT_PAYTABLE,
  SLOT_RTP,
  SLOT_RULES,
  SLOT_STANDARD_DEVIATION,
  SLOT_VOLATILITY,
  type SlotVolatility,
  VOLATILITY_THRESHOLDS,
  volatilityFor,
} from './metadata.ts';
export { LINE_COUNT, PAYLINES, REELS, type ReelSet, SYMBOLS, type SymbolId } from './paytable.ts';
