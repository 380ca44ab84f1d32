import { describe, expect, it } from 'vitest';
import { gameTypes, vendorCard } from '../test/games-fixtures';
import { decideLaunch, gamePageHref } from './launch-rules';
import { decideVendorCard, prizeModeOf, vendorCardHref } from './vendor-cards';

const slot = { nodeId: 'g1', vassalage: 'PG' };
const lotto = { nodeId: 'l1', vassalage: 'TCG_LOTTO_VN' };

describe('decideLaunch', () => {
  it('sends a visitor asking for real money to the login popup', () => {
    expect(decideLaunch({ game: slot, mode: 'real', memberType: null })).toEqual({ kind: 'login' });
    expect(decideLaunch({ game: lotto, mode: 'real', memberType: null })).toEqual({ kind: 'login' });
  });

  it('stops a trial account asking for real money, but lets it play for free', () => {
    expect(decideLaunch({ game: slot, mode: 'real', memberType: 4 })).toEqual({ kind: 'needRealAccount' });
    expect(decideLaunch({ game: slot, mode: 'trial', memberType: 4 })).toEqual({ kind: 'launch' });
  });

  it('launches for a real member and asks the server for a visitor free play', () => {
    expect(decideLaunch({ game: slot, mode: 'real', memberType: 0 })).toEqual({ kind: 'launch' });
    expect(decideLaunch({ game: slot, mode: 'trial', memberType: null })).toEqual({ kind: 'launch' });
  });

  it('opens lottery vendors on the lottery page', () => {
    for (const vassalage of ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT']) {
      expect(decideLaunch({ game: { nodeId: 'x 1', vassalage }, mode: 'real', memberType: 1 })).toEqual({
        kind: 'route',
        to: `/lottery?vendor=${vassalage}&gameCode=x%201`,
      });
    }
  });
});

describe('gamePageHref', () => {
  it('encodes the address and the name', () => {
    expect(gamePageHref('/house/slot/?a=1&b=2', 'Lucky & Gold')).toBe(
      '/game?url=%2Fhouse%2Fslot%2F%3Fa%3D1%26b%3D2&name=Lucky%20%26%20Gold',
    );
  });
});

describe('decideVendorCard', () => {
  it('leads lottery vendors to the lottery page and slot vendors to the slots page with their tab', () => {
    expect(decideVendorCard(vendorCard('TCG_SEA', 'LOTT', { isGame: 'GAME', lobbyNodeId: 'sea' }))).toEqual({
      kind: 'route',
      to: '/lottery?vendor=TCG_SEA',
    });
    expect(decideVendorCard(vendorCard('PG'))).toEqual({ kind: 'route', to: '/rng?vassalage=PG' });
  });

  it('opens a popup of games for a VASSALAGE card, and launches the lobby of a GAME card', () => {
    expect(decideVendorCard(vendorCard('EVO', 'LIVE'))).toEqual({ kind: 'games' });
    expect(decideVendorCard(vendorCard('SBO', 'SPORTS', { isGame: 'GAME', lobbyNodeId: 'SBO-LOBBY' }))).toEqual({
      kind: 'lobby',
      game: { nodeId: 'SBO-LOBBY', vassalage: 'SBO', gameName: 'SBO Games' },
    });
    // A GAME card whose game is switched off lists what the vendor still has (nothing, said so).
    expect(decideVendorCard(vendorCard('SBO', 'SPORTS', { isGame: 'GAME' }))).toEqual({ kind: 'games' });
  });

  it("links every card to its route or its vendor's games, for a new tab", () => {
    expect(vendorCardHref(vendorCard('EVO', 'LIVE'))).toBe('/live?vassalage=EVO');
    expect(vendorCardHref(vendorCard('ELOTT', 'ELOTT'))).toBe('/lottery?vendor=ELOTT');
  });
});

describe('prizeModeOf', () => {
  it('asks for e-lottery draws when the e-lottery category has a TCG_LOTTO_VN or LOTT card', () => {
    for (const vassalage of ['TCG_LOTTO_VN', 'LOTT']) {
      const types = [
        ...gameTypes(),
        { gameType: 'ELOTT' as const, isHot: 0 as const, vendors: [vendorCard(vassalage, 'ELOTT')] },
      ];
      expect(prizeModeOf(types)).toBe('Elott');
    }
  });

  it('asks for lottery draws otherwise', () => {
    expect(prizeModeOf(gameTypes())).toBe('Lott');
    expect(prizeModeOf([])).toBe('Lott');
    const other = [{ gameType: 'ELOTT' as const, isHot: 0 as const, vendors: [vendorCard('TCG_SEA', 'ELOTT')] }];
    expect(prizeModeOf(other)).toBe('Lott');
    // A lottery card outside the e-lottery category does not count.
    expect(prizeModeOf([{ gameType: 'LOTT', isHot: 0, vendors: [vendorCard('LOTT', 'LOTT')] }])).toBe('Lott');
  });
});
