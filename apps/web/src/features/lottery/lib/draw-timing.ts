import { TIMING } from '@portal/shared/constants';
import type { LotteryGame, TimedGames } from '../api/lottery-types';

/**
 * Spec section 4: the open draws are asked for again after the smallest remaining time among the games that have a
 * draw number; after 7,000 ms when that is 0 or less (a draw is being drawn now); never later than 30,000 ms.
 */
export function refreshDelayMs(games: readonly Pick<LotteryGame, 'numero' | 'remainTime'>[]): number {
  const remaining = games.filter((game) => game.numero).map((game) => game.remainTime);
  if (remaining.length === 0) return TIMING.lotteryRefreshCapMs;
  const smallest = Math.min(...remaining);
  if (smallest <= 0) return TIMING.lotteryRefreshFallbackMs;
  return Math.min(smallest, TIMING.lotteryRefreshCapMs);
}

/**
 * Spec section 4: the moment betting closes, by the page's clock: the remaining time counted from the answer's
 * arrival, less half the request's round trip (the answer was already that old when it arrived) and less the lock
 * (lockTime seconds × 1000).
 */
export function cutoffAt(
  game: Pick<LotteryGame, 'remainTime' | 'lockTime'>,
  timing: Pick<TimedGames, 'receivedAt' | 'roundTripMs'>,
): number {
  return timing.receivedAt + game.remainTime - timing.roundTripMs / 2 - game.lockTime * 1000;
}

/** The moment the draw itself happens, by the page's clock. */
export function drawAt(game: Pick<LotteryGame, 'remainTime'>, timing: Pick<TimedGames, 'receivedAt' | 'roundTripMs'>) {
  return timing.receivedAt + game.remainTime - timing.roundTripMs / 2;
}
