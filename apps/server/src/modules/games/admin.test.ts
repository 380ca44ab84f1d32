import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';

const test = useTestPortal();

function admin(method: 'PATCH' | 'POST', url: string, payload: unknown, contentType = 'application/json') {
  return call(test.portal.app, {
    method,
    url,
    headers: { ...test.admin, 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

async function listed(query: string) {
  return (await call(test.portal.app, { method: 'GET', url: `/wps/relay/GCSGAME_gameList?${query}` })).body.value;
}

const CSV = [
  'nodeId,nameEn,nameBn,classify,minBet,lines,hot,new,trial,rtp,volatility',
  'PP-import-1,Monsoon Gold,বর্ষার সোনা,JP,0.10,20,yes,no,yes,96.50,medium',
  'PP-import-2,"Tiger, Tiger",,AC,0.05,1,0,1,0,,',
].join('\n');

describe('importing a vendor’s game list', () => {
  it('creates the games from CSV, then updates them from a later file', async () => {
    const first = await admin('POST', '/admin/api/vendors/PP/RNG/games/import', CSV, 'text/csv');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toEqual({ created: 2, updated: 0 });
    const { games } = await listed('gameType=RNG&vassalage=PP&gameName=monsoon&language=bn');
    expect(games).toEqual([
      expect.objectContaining({
        nodeId: 'PP-import-1',
        gameName: 'বর্ষার সোনা',
        minBet: '0.10',
        lineNum: 20,
        isHot: 1,
        rtp: '96.50',
        volatility: 'medium',
        hasTrial: true,
      }),
    ]);
    const again = await admin('POST', '/admin/api/vendors/PP/RNG/games/import', [
      { nodeId: 'PP-import-2', nameEn: 'Tiger Tiger Deluxe', minBet: '0.50', lines: 25 },
    ]);
    expect(again.body.value).toEqual({ created: 0, updated: 1 });
    expect((await listed('gameType=RNG&gameName=deluxe')).games[0]).toMatchObject({ minBet: '0.50', lineNum: 25 });
  });

  it('takes a book’s margin, which its game and its vendor card state', async () => {
    const book = [{ nodeId: 'SBO-import-book', nameEn: 'SBOBET Book', minBet: '1.00', margin: '4.50' }];
    const imported = await admin('POST', '/admin/api/vendors/SBO/SPORTS/games/import', book);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((await listed('gameType=SPORTS&vassalage=SBO')).games).toEqual([
      expect.objectContaining({ nodeId: 'SBO-import-book', rtp: null, margin: '4.50' }),
    ]);
    const types = await call(test.portal.app, { method: 'GET', url: '/wps/relay/GCSGAME_getVassGameType' });
    const sports = types.body.value.find((item: { gameType: string }) => item.gameType === 'SPORTS');
    expect(sports.vendors.find((v: { vassalage: string }) => v.vassalage === 'SBO')).toMatchObject({
      isGame: 'GAME',
      lobbyNodeId: 'SBO-import-book',
      margin: '4.50',
    });
    const over = await admin('POST', '/admin/api/vendors/SBO/SPORTS/games/import', [{ ...book[0], margin: '100.01' }]);
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('margin is a percentage');
    expect((await listed('gameType=SPORTS&vassalage=SBO')).games[0].margin).toBe('4.50');
  });

  it('checks every row first: one bad row, or a game of another vendor, writes nothing', async () => {
    const bad = `${CSV.replace('PP-import', 'PP-bad')}\nPP-bad-3,Broken,,XX,0.10,5,,,,,`;
    const refused = await admin('POST', '/admin/api/vendors/PP/RNG/games/import', bad, 'text/csv');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('game 3');
    expect((await listed('gameType=RNG&gameName=monsoon')).total).toBe(1);
    for (const rows of [
      [{ nodeId: 'PP-x', nameEn: 'X', minBet: '1e2' }],
      [{ nodeId: 'PP-x', nameEn: 'X', minBet: '0' }],
      [{ nodeId: 'PP-x', nameEn: 'X', minBet: '1.00', surprise: true }],
      [
        { nodeId: 'PP-x', nameEn: 'X', minBet: '1.00' },
        { nodeId: 'PP-x', nameEn: 'Y', minBet: '1.00' },
      ],
      [],
      { nodeId: 'PP-x' },
    ]) {
      const response = await admin('POST', '/admin/api/vendors/PP/RNG/games/import', rows);
      expect(response.status, JSON.stringify(rows)).toBe(400);
    }
    const foreign = await admin('POST', '/admin/api/vendors/JILI/RNG/games/import', [
      { nodeId: 'PP-import-1', nameEn: 'Stolen', minBet: '1.00' },
      { nodeId: 'JILI-new-1', nameEn: 'New', minBet: '1.00' },
    ]);
    expect(foreign.status).toBe(409);
    expect((await listed('gameType=RNG&vassalage=JILI&gameName=new')).total).toBe(0);
    expect((await admin('POST', '/admin/api/vendors/NOPE/RNG/games/import', [])).status).toBe(404);
  });
});

describe('switching vendors and games', () => {
  it('hides a vendor’s or a game’s tiles while off, and marks hot and new', async () => {
    await admin('POST', '/admin/api/vendors/JDB/RNG/games/import', [
      { nodeId: 'JDB-switch-1', nameEn: 'Switch One', minBet: '1.00' },
      { nodeId: 'JDB-switch-2', nameEn: 'Switch Two', minBet: '1.00' },
    ]);
    expect((await admin('PATCH', '/admin/api/games/JDB-switch-1', { enabled: false })).status).toBe(200);
    expect((await listed('gameType=RNG&gameName=switch')).games.map((g: { nodeId: string }) => g.nodeId)).toEqual([
      'JDB-switch-2',
    ]);
    await admin('PATCH', '/admin/api/games/JDB-switch-2', { isHot: true, isNew: true });
    const hot = await call(test.portal.app, { method: 'GET', url: '/wps/relay/GCSGAME_hotGamesV2?vassalage=JDB' });
    expect(hot.body.value).toEqual([expect.objectContaining({ nodeId: 'JDB-switch-2', isHot: 1, isNew: 1 })]);
    await admin('PATCH', '/admin/api/vendors/JDB/RNG', { enabled: false });
    expect((await listed('gameType=RNG&gameName=switch')).total).toBe(0);
    await admin('PATCH', '/admin/api/vendors/JDB/RNG', { enabled: true });
    expect((await listed('gameType=RNG&gameName=switch')).total).toBe(1);

    expect((await admin('PATCH', '/admin/api/games/none', { enabled: false })).status).toBe(404);
    expect((await admin('PATCH', '/admin/api/vendors/NOPE/RNG', { enabled: false })).status).toBe(404);
    expect((await admin('PATCH', '/admin/api/games/JDB-switch-2', {})).status).toBe(400);
    const visitor = await call(test.portal.app, {
      method: 'PATCH',
      url: '/admin/api/games/JDB-switch-2',
      payload: { enabled: false },
    });
    expect(visitor.status).toBe(401);
  });
});
