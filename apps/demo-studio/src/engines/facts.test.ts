import { describe, expect, it } from 'vitest';
import { andarBaharHouseEdgePercent } from './andar-bahar.ts';
import { ENGINE_FACTS } from './facts.ts';
import { teenPattiHouseEdgePercent } from './teen-patti.ts';

describe('engine facts', () => {
  it('state each engine’s return from the numbers the engines prove', () => {
    expect(ENGINE_FACTS.fish.rtpPercent).toBe(96);
    expect(ENGINE_FACTS.baccarat.rtpPercent).toBe(98.9421);
    expect(ENGINE_FACTS.baccarat.bets.tie).toBe(85.6404);
    expect(ENGINE_FACTS.roulette.rtpPercent).toBe(97.3);
    expect(ENGINE_FACTS['andar-bahar'].rtpPercent).toBeCloseTo(100 - andarBaharHouseEdgePercent(), 3);
    expect(ENGINE_FACTS['teen-patti'].rtpPercent).toBeCloseTo(100 - teenPattiHouseEdgePercent(), 4);
    expect(ENGINE_FACTS.sports.marginPercent).toBe(5);
    expect(ENGINE_FACTS.cockfight).toMatchObject({ marginPercent: 5, bets: { draw: 90, meronWala: 95.5 } });
  });
});
