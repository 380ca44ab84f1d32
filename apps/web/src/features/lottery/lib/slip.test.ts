import { describe, expect, it } from 'vitest';
import { betTypesOf, clampMultiple, itemWinMinor, oddsE4Of, slipTotals, togglePick } from './slip';

const wingoOdds = { number: '9.0000', colour: '2.0000', colour_shared: '1.5000', violet: '4.5000', size: '1.9600' };
const k3Odds = { sum_4: '50.0000', size: '1.9600', triple_any: '30.0000', triple: '180.0000' };
const pick = (betType: string, selection: string, stake = '10.00', multiple = 1) => ({
  betType,
  selection,
  stake,
  multiple,
});

describe('oddsE4Of', () => {
  it('reads the pick’s own key, then its selection’s, then its bet type’s', () => {
    expect(oddsE4Of(k3Odds, 'sum', '4')).toBe(500_000);
    expect(oddsE4Of(wingoOdds, 'colour', 'violet')).toBe(45_000);
    expect(oddsE4Of(wingoOdds, 'colour', 'green')).toBe(20_000);
    expect(oddsE4Of(k3Odds, 'triple_any', 'any')).toBe(300_000);
    expect(oddsE4Of(k3Odds, 'triple', '3')).toBe(1_800_000);
    expect(oddsE4Of(wingoOdds, 'number', '7')).toBe(90_000);
    expect(oddsE4Of(wingoOdds, 'parity', 'odd')).toBeNull();
  });
});

describe('slip amounts', () => {
  it('pays stake × multiple × odds, rounded down to the paisa', () => {
    expect(itemWinMinor(pick('size', 'big', '1.01', 3), wingoOdds)).toBe(593n); // 3.03 × 1.96 = 5.9388
  });

  it('adds the costs and the best win of each bet type', () => {
    const items = [pick('number', '3'), pick('number', '4', '5.00', 2), pick('size', 'big', '20.00')];
    // Cost 10 + 10 + 20 = 40; numbers 3 and 4 exclude each other: the best is 90.00; big pays 39.20.
    expect(slipTotals(items, wingoOdds)).toEqual({ cost: '40.00', total: '40.00', bestWin: '129.20' });
    expect(slipTotals(items, wingoOdds, 5).total).toBe('200.00');
    expect(slipTotals([], wingoOdds)).toEqual({ cost: '0.00', total: '0.00', bestWin: '0.00' });
  });

  it('toggles a pick on and off', () => {
    const one = togglePick([], pick('number', '3'));
    expect(one).toHaveLength(1);
    expect(togglePick(one, pick('number', '3', '50.00'))).toEqual([]);
    expect(togglePick(one, pick('size', 'big'))).toHaveLength(2);
  });

  it('keeps the multiple within 1..1000', () => {
    expect(clampMultiple(0)).toBe(1);
    expect(clampMultiple(12.7)).toBe(12);
    expect(clampMultiple(5000)).toBe(1000);
    expect(clampMultiple(Number.NaN)).toBe(1);
  });

  it('groups the details’ selections by bet type in their order', () => {
    const details = {
      betTypes: [
        { betType: 'number', selection: '0', houseEdge: '0.1' },
        { betType: 'number', selection: '1', houseEdge: '0.1' },
        { betType: 'size', selection: 'big', houseEdge: '0.02' },
      ],
    };
    expect(betTypesOf(details)).toEqual([
      { betType: 'number', selections: ['0', '1'] },
      { betType: 'size', selections: ['big'] },
    ]);
  });
});
