import { ANDAR_BAHAR_HOUSE_EDGE_PERCENT } from './andar-bahar.ts';
import { BACCARAT_HOUSE_EDGE_PERCENT } from './baccarat.ts';
import { COCKFIGHT_MARGIN } from './cockfight.ts';
import { FISH_RTP_PERCENT } from './fish.ts';
import { ROULETTE_HOUSE_EDGE_PERCENT } from './roulette.ts';
import { SPORTS_MARGIN_PERCENT } from './sports-model.ts';
import { TEEN_PATTI_HOUSE_EDGE_PERCENT } from './teen-patti.ts';

/**
 * What a tile and a help page state for each engine, in one shape. `rtpPercent` is the return of the main bet
 * (the best one where bets differ); `bets` lists every bet's return; pari-mutuel and the sports book state a
 * margin instead, because their return depends on the pools or the selection.
 */
export type EngineKind = 'fish' | 'baccarat' | 'roulette' | 'andar-bahar' | 'teen-patti' | 'sports' | 'cockfight';

export interface EngineFacts {
  rtpPercent?: number;
  marginPercent?: number;
  bets: Record<string, number>;
}

const rtp = (edgePercent: number): number => Math.round((100 - edgePercent) * 10_000) / 10_000;

export const ENGINE_FACTS: Record<EngineKind, EngineFacts> = {
  fish: { rtpPercent: FISH_RTP_PERCENT, bets: { shot: FISH_RTP_PERCENT } },
  baccarat: {
    rtpPercent: rtp(BACCARAT_HOUSE_EDGE_PERCENT.banker),
    bets: Object.fromEntries(Object.entries(BACCARAT_HOUSE_EDGE_PERCENT).map(([bet, edge]) => [bet, rtp(edge)])),
  },
  roulette: { rtpPercent: rtp(ROULETTE_HOUSE_EDGE_PERCENT), bets: { any: rtp(ROULETTE_HOUSE_EDGE_PERCENT) } },
  'andar-bahar': {
    rtpPercent: rtp(ANDAR_BAHAR_HOUSE_EDGE_PERCENT),
    bets: { andar: rtp(ANDAR_BAHAR_HOUSE_EDGE_PERCENT), bahar: rtp(ANDAR_BAHAR_HOUSE_EDGE_PERCENT) },
  },
  'teen-patti': { rtpPercent: rtp(TEEN_PATTI_HOUSE_EDGE_PERCENT), bets: { ante: rtp(TEEN_PATTI_HOUSE_EDGE_PERCENT) } },
  sports: { marginPercent: SPORTS_MARGIN_PERCENT, bets: {} },
  cockfight: {
    marginPercent: COCKFIGHT_MARGIN.plasadaPercent,
    bets: { draw: COCKFIGHT_MARGIN.drawRtpPercent, meronWala: 100 - COCKFIGHT_MARGIN.poolMarginPercent },
  },
};
