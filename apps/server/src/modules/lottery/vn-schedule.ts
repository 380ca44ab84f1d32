import type { VnRegion } from './vn-rules.ts';

/** Vietnam's time (UTC+7, no daylight saving): the official draws and their draw days are set in it. */
export const VN_UTC_OFFSET_MINUTES = 420;
const OFFSET_MS = VN_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** Minutes after midnight in Vietnam at which each region draws: north 18:15, south 16:15, central 17:15. */
export const VN_DRAW_MINUTES: Record<VnRegion, number> = {
  north: 18 * 60 + 15,
  south: 16 * 60 + 15,
  central: 17 * 60 + 15,
};

export interface VnScheduledGame {
  region: VnRegion;
  /** Weekdays of the draws, 1 = Sunday ... 7 = Saturday (the spec's convention); empty for the daily northern draw. */
  drawDays: readonly number[];
  lockSeconds: number;
}

export interface VnSlot {
  /** yyyyMMdd of the draw day in Vietnam. */
  numero: string;
  /** 1 = Sunday ... 7 = Saturday. */
  dayOfWeek: number;
  /** The game's draw before this one: bets on this draw are taken from then (it is listed ahead all the same). */
  openAt: Date;
  lockAt: Date;
  drawAt: Date;
}

/** The weekday (1 = Sunday ... 7 = Saturday) of the Vietnamese day that starts `dayStartLocal` ms of local time. */
const weekdayOf = (dayStartLocal: number) => new Date(dayStartLocal).getUTCDay() + 1;

/** The weekday of a draw day given as yyyyMMdd. */
export function weekdayOfNumero(numero: string): number {
  const day = Date.UTC(Number(numero.slice(0, 4)), Number(numero.slice(4, 6)) - 1, Number(numero.slice(6, 8)));
  return weekdayOf(day);
}

function drawsOn(game: VnScheduledGame, dayStartLocal: number): boolean {
  return game.region === 'north' || game.drawDays.includes(weekdayOf(dayStartLocal));
}

function drawAtOf(game: VnScheduledGame, dayStartLocal: number): number {
  return dayStartLocal + VN_DRAW_MINUTES[game.region] * 60_000 - OFFSET_MS;
}

/** The game's draws whose draw time is after `atMs`, over the next `days` Vietnamese days (today included). */
export function vnSlots(game: VnScheduledGame, atMs: number, days: number): VnSlot[] {
  const today = Math.floor((atMs + OFFSET_MS) / DAY_MS) * DAY_MS;
  const slots: VnSlot[] = [];
  for (let i = 0; i < days; i++) {
    const day = today + i * DAY_MS;
    if (!drawsOn(game, day) || drawAtOf(game, day) <= atMs) continue;
    // The previous draw day is at most a week back: every game draws at least once a week.
    let previous = day - DAY_MS;
    while (!drawsOn(game, previous)) previous -= DAY_MS;
    const drawAt = drawAtOf(game, day);
    slots.push({
      numero: new Date(day).toISOString().slice(0, 10).replaceAll('-', ''),
      dayOfWeek: weekdayOf(day),
      openAt: new Date(drawAtOf(game, previous)),
      lockAt: new Date(drawAt - game.lockSeconds * 1000),
      drawAt: new Date(drawAt),
    });
  }
  return slots;
}
