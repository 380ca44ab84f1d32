import type { SlotLineWinValue, SlotSpinValue } from '@portal/shared/house-games';
import { fromMinor, isDecimalAmount, toMinor } from '@portal/shared/money';

/** The total stake of a spin: the bet per line times the lines, in exact minor units. */
export function totalStake(betPerLine: string, lines: number): string {
  return fromMinor(toMinor(betPerLine) * BigInt(lines));
}

/** What `credits` pays at a bet (per line for line symbols, the total stake for the scatter). */
export function creditsToAmount(credits: number, unit: string): string {
  return fromMinor(toMinor(unit) * BigInt(credits));
}

/** Sums decimal amounts exactly. */
export function sumAmounts(amounts: readonly string[]): string {
  return fromMinor(amounts.reduce((sum, amount) => sum + toMinor(amount), 0n));
}

/** The balance a free-play page keeps itself: before, minus the stake, plus the win. */
export function balanceAfter(before: string, stake: string, win: string): string {
  return fromMinor(toMinor(before) - toMinor(stake) + toMinor(win));
}

export function canAfford(balance: string | null | undefined, stake: string): boolean {
  return !!balance && isDecimalAmount(balance) && toMinor(balance) >= toMinor(stake);
}

export function isPositive(amount: string | null | undefined): boolean {
  return !!amount && isDecimalAmount(amount) && toMinor(amount) > 0n;
}

/** A fraction (0.960082) as a percentage with two decimals ("96.01"). */
export function formatPercent(fraction: number): string {
  return (fraction * 100).toFixed(2);
}

/** "row:reel" keys of the cells a line win covers, for highlighting them. */
export function winningCells(lineWins: readonly SlotLineWinValue[], paylines: readonly (readonly number[])[]) {
  const cells = new Set<string>();
  for (const win of lineWins) {
    const rows = paylines[win.line - 1];
    if (!rows) continue;
    for (let reel = 0; reel < win.count && reel < rows.length; reel++) cells.add(cellKey(reel, rows[reel]!));
  }
  return cells;
}

/** Scatter cells pay anywhere: every one is highlighted when they paid. */
export function scatterCells(spin: SlotSpinValue, scatterId = 'SC'): Set<string> {
  const cells = new Set<string>();
  if (!isPositive(spin.scatterWin) && spin.freeSpinsAwarded === 0) return cells;
  spin.grid.forEach((column, reel) => {
    column.forEach((symbol, row) => {
      if (symbol === scatterId) cells.add(cellKey(reel, row));
    });
  });
  return cells;
}

export function cellKey(reel: number, row: number): string {
  return `${reel}:${row}`;
}

/** Twenty bright colours far apart, one per payline, so that crossing lines stay distinguishable on the dark reels. */
const LINE_COLOURS = [
  '#ff5252',
  '#ffd740',
  '#69f0ae',
  '#40c4ff',
  '#e040fb',
  '#ff9e40',
  '#b2ff59',
  '#18ffff',
  '#ff4081',
  '#8c7bff',
  '#ffe57f',
  '#eeff41',
  '#1de9b6',
  '#82b1ff',
  '#ea80fc',
  '#ff8a80',
  '#ccff90',
  '#a7ffeb',
  '#ffcc80',
  '#b388ff',
];

export function lineColour(line: number): string {
  return LINE_COLOURS[(((line - 1) % LINE_COLOURS.length) + LINE_COLOURS.length) % LINE_COLOURS.length]!;
}
