import { describe, expect, it } from 'vitest';
import { SLOT_PAYTABLE } from './metadata.ts';
import { PAYLINES, REEL_COUNT, REELS, ROW_COUNT, SCATTER, SYMBOL_COUNT, SYMBOLS } from './paytable.ts';

describe('slot data', () => {
  it('numbers symbols by their position', () => {
    expect(SYMBOLS.map((s) => s.id)).toEqual(Array.from({ length: SYMBOL_COUNT }, (_, i) => i));
    expect(SLOT_PAYTABLE).toHaveLength(SYMBOL_COUNT);
  });

  it('has 20 distinct paylines across the five reels', () => {
    expect(PAYLINES).toHaveLength(20);
    expect(new Set(PAYLINES.map((rows) => rows.join(''))).size).toBe(20);
    for (const rows of PAYLINES) {
      expect(rows).toHaveLength(REEL_COUNT);
      for (const row of rows) expect(row >= 0 && row < ROW_COUNT).toBe(true);
    }
  });

  it('keeps the strips to the symbol counts documented in paytable.ts', () => {
    const counts = REELS.map((strip) => SYMBOLS.map((s) => strip.filter((symbol) => symbol === s.id).length));
    expect(counts).toEqual([
      [5, 5, 4, 4, 4, 3, 2, 2, 1, 1],
      [5, 5, 4, 4, 3, 3, 3, 2, 2, 1],
      [5, 5, 4, 4, 4, 3, 2, 2, 2, 1],
      [5, 5, 4, 4, 4, 3, 2, 2, 1, 1],
      [5, 5, 4, 4, 4, 3, 2, 2, 1, 1],
    ]);
  });

  it('never shows two scatters on one reel', () => {
    for (const strip of REELS) {
      for (let stop = 0; stop < strip.length; stop++) {
        const visible = [0, 1, 2].filter((row) => strip[(stop + row) % strip.length] === SCATTER);
        expect(visible.length).toBeLessThanOrEqual(1);
      }
    }
  });
});
