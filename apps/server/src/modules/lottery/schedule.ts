import type { LotteryGame } from './rules.ts';

/** Draw days begin at midnight in Dhaka, the brand's zone (UTC+6, no daylight saving). */
export const LOTTERY_UTC_OFFSET_MINUTES = 360;
const OFFSET_MS = LOTTERY_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

export interface DrawSlot {
  /** yyyyMMdd of the draw day in Dhaka, then the draw's sequence in that day from 0001 (2,880 draws of 30 s fit). */
  numero: string;
  openAt: Date;
  lockAt: Date;
  drawAt: Date;
}

/** The draw whose betting period holds `atMs`: it opened at or before it and draws after it. */
export function slotAt(game: Pick<LotteryGame, 'roundSeconds' | 'lockSeconds'>, atMs: number): DrawSlot {
  const roundMs = game.roundSeconds * 1000;
  return slotByIndex(game, Math.floor((atMs + OFFSET_MS) / roundMs));
}

/** The slot after `slot`. */
export function nextSlot(game: Pick<LotteryGame, 'roundSeconds' | 'lockSeconds'>, slot: DrawSlot): DrawSlot {
  return slotAt(game, slot.drawAt.getTime());
}

/** Slot `index` counts rounds from the epoch in Dhaka time; a round length divides a day, so days start a round. */
function slotByIndex(game: Pick<LotteryGame, 'roundSeconds' | 'lockSeconds'>, index: number): DrawSlot {
  const roundMs = game.roundSeconds * 1000;
  const openLocal = index * roundMs;
  const dayStart = Math.floor(openLocal / DAY_MS) * DAY_MS;
  const sequence = Math.floor((openLocal - dayStart) / roundMs) + 1;
  const day = new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '');
  const openAt = new Date(openLocal - OFFSET_MS);
  const drawAt = new Date(openAt.getTime() + roundMs);
  return {
    numero: `${day}${String(sequence).padStart(4, '0')}`,
    openAt,
    lockAt: new Date(drawAt.getTime() - game.lockSeconds * 1000),
    drawAt,
  };
}
