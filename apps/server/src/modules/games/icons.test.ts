import { describe, expect, it } from 'vitest';
import { demoGames } from '../../db/seed/games.ts';
import { gameIconSvg, type TileGame, tileArt } from './icons.ts';

const catalogue: TileGame[] = demoGames().map((row) => {
  const names = JSON.parse(row.names as string) as { en: string; bn: string };
  return {
    nodeId: row.node_id,
    gameType: row.game_type,
    name: names.bn,
    englishName: names.en,
    vendorName: row.vendor_code,
  };
});

describe('drawn game tiles', () => {
  it('never gives two neighbouring games of a vendor the same motif on the same background', () => {
    let neighbours = 0;
    for (let i = 1; i < catalogue.length; i++) {
      const [before, game] = [catalogue[i - 1] as TileGame, catalogue[i] as TileGame];
      if (before.nodeId.replace(/\d+$/, '') !== game.nodeId.replace(/\d+$/, '')) continue;
      neighbours++;
      const [a, b] = [tileArt(before), tileArt(game)];
      expect([a.motif, a.palette], `${before.nodeId} beside ${game.nodeId}`).not.toEqual([b.motif, b.palette]);
    }
    expect(neighbours).toBeGreaterThan(9000);
  });

  it('draws two games of the same vendor differently, beyond their names', () => {
    const pg = catalogue.filter((game) => game.nodeId.startsWith('PG-RNG-')).slice(0, 2) as [TileGame, TileGame];
    const withoutText = (game: TileGame) => gameIconSvg(game, 'en').replace(/<text[^>]*>[^<]*<\/text>/g, '');
    expect(withoutText(pg[0])).not.toBe(withoutText(pg[1]));
    // A slot vendor's first games already show several motifs and backgrounds.
    const first = catalogue
      .filter((game) => game.nodeId.startsWith('PG-RNG-'))
      .slice(0, 20)
      .map(tileArt);
    expect(new Set(first.map((art) => art.motif)).size).toBeGreaterThan(5);
    expect(new Set(first.map((art) => art.palette)).size).toBeGreaterThan(8);
  });

  it('picks the motif from the kind of game and what its name says it is', () => {
    const art = (gameType: string, englishName: string, nodeId = 'X-1') => tileArt({ nodeId, gameType, englishName });
    expect(art('RNG', 'Dragon Riches').motif).toBe('dragon');
    expect(art('RNG', 'Fair Dice').motif).toBe('dice');
    expect(art('RNG', 'Lucky Lanterns').motif).toBe('lantern');
    expect(art('PVP', 'Royal Baccarat').motif).toBe('cards');
    expect(art('SPORTS', 'SBOBET').motif).toBe('football');
    expect(art('COCKFIGHT', 'SV388').motif).toBe('rooster');
    const fishing = catalogue.filter((game) => game.gameType === 'FISH').map((game) => tileArt(game).motif);
    expect(new Set(fishing)).toEqual(new Set(['fish', 'school', 'octopus']));
    const tables = catalogue.filter((game) => game.gameType === 'PVP').map((game) => tileArt(game).motif);
    expect(new Set(tables)).toEqual(new Set(['cards', 'chips', 'dice']));
  });

  it('fits a long name on two lines and escapes it', () => {
    const svg = gameIconSvg(
      { nodeId: 'X-1', gameType: 'RNG', name: 'রাজকীয় কিংবদন্তি <মেগা> ওয়েজ', englishName: '', vendorName: 'A&B' },
      'bn',
    );
    expect(svg.match(/<text[^>]*font-size="(\d+)"[^>]*>[^<]+<\/text>/g)?.length).toBe(3);
    expect(svg).toContain('&#60;মেগা&#62;');
    expect(svg).toContain('A&#38;B');
  });

  it('draws a tile in well under a millisecond, so 10,000 games cost nothing to show', () => {
    const games = catalogue.slice(0, 3000);
    const started = performance.now();
    for (const game of games) gameIconSvg(game, 'bn');
    const perTile = (performance.now() - started) / games.length;
    expect(perTile).toBeLessThan(0.25);
  });
});
