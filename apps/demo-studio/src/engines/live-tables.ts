import { type AndarBaharRound, dealAndarBahar } from './andar-bahar.ts';
import { type BaccaratCoup, dealBaccarat } from './baccarat.ts';
import { type FightCard, fightCard, fightResult } from './cockfight.ts';
import { spinWheel } from './roulette.ts';
import { roundRng, roundSeed, seedCommitment, type TableSchedule } from './table-round.ts';

/**
 * The live games on the table clock: each round's outcome is drawn from its round seed alone, so every node and
 * every player at a table sees the same round, and anyone can recompute it once the seed is revealed.
 */

export type LiveGame = 'baccarat' | 'roulette' | 'andar-bahar' | 'cockfight';

const EPOCH = Date.UTC(2026, 0, 1);

/** Demo pacing per game; a cockfight's result phase is the fight itself. */
export const LIVE_SCHEDULES: Record<LiveGame, TableSchedule> = {
  baccarat: { startMs: EPOCH, bettingMs: 15_000, closedMs: 2_000, resultMs: 8_000, settledMs: 5_000 },
  roulette: { startMs: EPOCH, bettingMs: 15_000, closedMs: 3_000, resultMs: 7_000, settledMs: 5_000 },
  'andar-bahar': { startMs: EPOCH, bettingMs: 15_000, closedMs: 2_000, resultMs: 10_000, settledMs: 5_000 },
  cockfight: { startMs: EPOCH, bettingMs: 60_000, closedMs: 5_000, resultMs: 25_000, settledMs: 10_000 },
};

export type LiveOutcome =
  | { game: 'baccarat'; coup: BaccaratCoup }
  | { game: 'roulette'; pocket: number }
  | { game: 'andar-bahar'; round: AndarBaharRound }
  | { game: 'cockfight'; card: FightCard; result: 'meron' | 'wala' | 'draw' };

/** What may be shown while bets are open: the commitment, and for a cockfight the two roosters. */
export interface LiveRoundPreview {
  game: LiveGame;
  tableId: string;
  roundNumber: number;
  commitment: string;
  card?: FightCard;
}

export function liveRoundPreview(
  secret: string,
  game: LiveGame,
  tableId: string,
  roundNumber: number,
): LiveRoundPreview {
  const seed = roundSeed(secret, tableId, roundNumber);
  const preview: LiveRoundPreview = { game, tableId, roundNumber, commitment: seedCommitment(seed) };
  if (game === 'cockfight') preview.card = fightCard(roundRng(seed, 'card'));
  return preview;
}

/** The outcome of a round from its revealed seed; this is the recomputation a player can do. */
export function outcomeFromSeed(game: LiveGame, seedHex: string): LiveOutcome {
  const rng = roundRng(seedHex, 'outcome');
  switch (game) {
    case 'baccarat':
      return { game, coup: dealBaccarat(rng) };
    case 'roulette':
      return { game, pocket: spinWheel(rng) };
    case 'andar-bahar':
      return { game, round: dealAndarBahar(rng) };
    case 'cockfight': {
      const card = fightCard(roundRng(seedHex, 'card'));
      return { game, card, result: fightResult(card, rng) };
    }
  }
}

/** The round's seed, commitment and outcome; reveal `seedHex` only once the round is past betting. */
export function liveRound(
  secret: string,
  game: LiveGame,
  tableId: string,
  roundNumber: number,
): { seedHex: string; commitment: string; outcome: LiveOutcome } {
  const seedHex = roundSeed(secret, tableId, roundNumber);
  return { seedHex, commitment: seedCommitment(seedHex), outcome: outcomeFromSeed(game, seedHex) };
}
