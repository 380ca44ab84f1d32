import { MEMBER_TYPES } from '@portal/shared/constants';
import type { GameCard, LaunchMode } from '@portal/shared/games';
import { LOTTERY_VENDORS } from './vendor-cards';

export type LaunchDecision =
  /** No session: the login popup opens and nothing else happens. */
  | { kind: 'login' }
  /** A trial (free-play) account asked for real money: the 'in_need_true_account' warning, nothing else. */
  | { kind: 'needRealAccount' }
  /** A lottery vendor: its game opens on the lottery page. */
  | { kind: 'route'; to: string }
  /** Ask the server for the game's address. */
  | { kind: 'launch' };

export interface LaunchContext {
  game: Pick<GameCard, 'nodeId' | 'vassalage'>;
  mode: LaunchMode;
  /** The signed-in member's type, null for a visitor. */
  memberType: number | null;
}

/**
 * The login-required check of spec section 4 applied to a game launch. Real money needs a session and a real
 * account. Free play is asked for even without a session: the operator may let visitors try games, and the
 * server answers 401 when it does not (the caller then opens the login popup).
 */
export function decideLaunch({ game, mode, memberType }: LaunchContext): LaunchDecision {
  if (mode === 'real') {
    if (memberType === null) return { kind: 'login' };
    if (memberType === MEMBER_TYPES.TRIAL) return { kind: 'needRealAccount' };
  }
  if (LOTTERY_VENDORS.includes(game.vassalage)) return { kind: 'route', to: lotteryHref(game) };
  return { kind: 'launch' };
}

/** The lottery page with the vendor and the game (spec: /lottery takes gameCode, vendor, playType). */
export function lotteryHref(game: Pick<GameCard, 'nodeId' | 'vassalage'>): string {
  return `/lottery?vendor=${encodeURIComponent(game.vassalage)}&gameCode=${encodeURIComponent(game.nodeId)}`;
}

/** The iframe page of a launched game. */
export function gamePageHref(url: string, name: string): string {
  return `/game?url=${encodeURIComponent(url)}&name=${encodeURIComponent(name)}`;
}
