import { describe, expect, it } from 'vitest';
import { decideLaunch, gamePageHref } from './launch-rules';

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
