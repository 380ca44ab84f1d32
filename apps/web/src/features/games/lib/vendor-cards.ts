import type { GameTypeItem, VendorCard } from '@portal/shared/api';
import { GAME_TYPE_ROUTE, type PrizeMode } from '@portal/shared/constants';
import type { GameCard } from '@portal/shared/games';

// Kept apart from the game launch rules: the navigation on every page needs only these.

/** Spec section 2 (Game launch): these vendors' games are played on the lottery page, not in the game iframe. */
export const LOTTERY_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'];

/** Vendors whose card in the e-lottery category makes the lottery calls ask for e-lottery draws. */
const ELOTTERY_PRIZE_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'LOTT'];

/** Spec section 4: the prize mode is e-lottery when ELOTT has a TCG_LOTTO_VN or LOTT card, else lottery. */
export function prizeModeOf(gameTypes: readonly GameTypeItem[]): PrizeMode {
  const elott = gameTypes.find((type) => type.gameType === 'ELOTT');
  const eLottery = elott?.vendors.some((vendor) => ELOTTERY_PRIZE_VENDORS.includes(vendor.vassalage)) ?? false;
  return eLottery ? 'Elott' : 'Lott';
}

/** What pressing a vendor card does (spec section 2, game launch). */
export type VendorCardDecision =
  /** Lottery vendors open the lottery page; slot vendors the slots page with their tab selected. */
  | { kind: 'route'; to: string }
  /** The card is one game (isGame GAME): it is launched like any game, for real money. */
  | { kind: 'lobby'; game: Pick<GameCard, 'nodeId' | 'vassalage' | 'gameName'> }
  /** The card is a list of games (isGame VASSALAGE): a popup lists them. */
  | { kind: 'games' };

export function decideVendorCard(vendor: VendorCard): VendorCardDecision {
  if (LOTTERY_VENDORS.includes(vendor.vassalage)) {
    return { kind: 'route', to: `/lottery?vendor=${encodeURIComponent(vendor.vassalage)}` };
  }
  if (vendor.gameType === 'RNG') return { kind: 'route', to: vendorPageHref(vendor) };
  if (vendor.isGame === 'GAME' && vendor.lobbyNodeId) {
    return {
      kind: 'lobby',
      game: { nodeId: vendor.lobbyNodeId, vassalage: vendor.vassalage, gameName: vendor.displayName },
    };
  }
  return { kind: 'games' };
}

/** The vendor's games on its game type's page: where a card leads when it is opened in a new tab. */
export function vendorPageHref(vendor: Pick<VendorCard, 'gameType' | 'vassalage'>): string {
  return `${GAME_TYPE_ROUTE[vendor.gameType]}?vassalage=${encodeURIComponent(vendor.vassalage)}`;
}

/** The card's address: its route, or its vendor's games on the game type's page. */
export function vendorCardHref(vendor: VendorCard): string {
  const decision = decideVendorCard(vendor);
  return decision.kind === 'route' ? decision.to : vendorPageHref(vendor);
}
