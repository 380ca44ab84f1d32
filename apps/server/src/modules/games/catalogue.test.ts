import { ANDAR_BAHAR_HOUSE_EDGE_PERCENT } from '@portal/demo-studio/engines/andar-bahar';
import { BACCARAT_HOUSE_EDGE_PERCENT } from '@portal/demo-studio/engines/baccarat';
import { PLASADA_PERCENT } from '@portal/demo-studio/engines/cockfight';
import { FISH_RTP_PERCENT } from '@portal/demo-studio/engines/fish';
import { ROULETTE_HOUSE_EDGE_PERCENT } from '@portal/demo-studio/engines/roulette';
import { SPORTS_MARGIN_PERCENT } from '@portal/demo-studio/engines/sports-model';
import { TEEN_PATTI_HOUSE_EDGE_PERCENT } from '@portal/demo-studio/engines/teen-patti';
import { cardGameOf } from '@portal/demo-studio/kinds/cards';
import { liveGameOf } from '@portal/demo-studio/kinds/live';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GAME_COUNT, demoGames, seedDemoGames } from '../../db/seed/games.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, nextIp, registered, setFlags, updateSetting } from '../../test/members.ts';
import { RECENT_GAMES_KEPT } from './recent-plays.ts';

// The catalogue is read from memory for a minute here; a test that changes games behind the portal's back says so.
const test = useTestPortal({ CONTENT_CACHE_MS: '60000' });
const changedBySql = () => test.portal.app.services.games.changed();

beforeAll(async () => {
  await seedDemoGames(test.portal.database.db);
}, 120_000);

async function list(query: Record<string, string | number>, headers: Record<string, string> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return call(test.portal.app, { method: 'GET', url: `/wps/relay/GCSGAME_gameList?${search}`, headers });
}

async function member() {
  const user = await registered(test.portal.app);
  return { ...user, headers: bearer(user.token) };
}

function favourite(method: 'PUT' | 'DELETE', headers: Record<string, string>, game: Record<string, string>) {
  return call(test.portal.app, { method, url: '/wps/relay/MCSFE_getFavoriteGames', headers, payload: game });
}

describe('the demo catalogue', () => {
  it('holds about 10,000 games with unique ids over every game type, the same on every machine', () => {
    const games = demoGames();
    expect(games.length).toBeGreaterThan(DEMO_GAME_COUNT - 10);
    expect(games.length).toBeLessThanOrEqual(DEMO_GAME_COUNT);
    expect(new Set(games.map((g) => g.node_id)).size).toBe(games.length);
    expect(new Set(games.map((g) => g.game_type))).toEqual(
      new Set(['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT']),
    );
    expect(demoGames().map((g) => g.names)).toEqual(games.map((g) => g.names));
  });

  it('names each table game by what the studio deals there, in both languages, and states its return on the tile', () => {
    const tables = demoGames().filter((g) => ['LIVE', 'PVP', 'FISH'].includes(g.game_type));
    expect(tables.length).toBe(4 * 30 + 3 * 40 + 2 * 60);
    const played = new Set<string>();
    for (const game of tables) {
      const names = JSON.parse(game.names as string) as { en: string; bn: string };
      let game_: string;
      let returnPercent: number;
      if (game.game_type === 'FISH') {
        [game_, returnPercent] = ['fish', FISH_RTP_PERCENT];
      } else if (game.game_type === 'LIVE') {
        game_ = liveGameOf(game.node_id, names.en);
        expect(liveGameOf(game.node_id, names.bn), names.bn).toBe(game_);
        returnPercent = 100 - (game_ === 'baccarat' ? BACCARAT_HOUSE_EDGE_PERCENT.banker : ROULETTE_HOUSE_EDGE_PERCENT);
      } else {
        game_ = cardGameOf(game.node_id, names.en);
        expect(cardGameOf(game.node_id, names.bn), names.bn).toBe(game_);
        returnPercent = 100 - (game_ === 'teen-patti' ? TEEN_PATTI_HOUSE_EDGE_PERCENT : ANDAR_BAHAR_HOUSE_EDGE_PERCENT);
      }
      played.add(game_);
      // Stated to the hundredth, never above what the game returns.
      const stated = Number(game.rtp_bp) / 100;
      expect(stated, `${game.node_id} ${names.en}`).toBeLessThanOrEqual(returnPercent);
      expect(returnPercent - stated, `${game.node_id} ${names.en}`).toBeLessThan(0.01);
    }
    expect(played).toEqual(new Set(['fish', 'baccarat', 'roulette', 'teen-patti', 'andar-bahar']));
  });

  it('states the studio’s margin on every sports and cockfight book, and no margin where a return is stated', () => {
    const margins: Record<string, number> = {
      SPORTS: SPORTS_MARGIN_PERCENT,
      ESPORTS: SPORTS_MARGIN_PERCENT,
      COCKFIGHT: Number(PLASADA_PERCENT),
    };
    const games = demoGames();
    for (const game of games) {
      const margin = margins[game.game_type];
      expect(game.margin_bp ?? null, game.node_id).toBe(margin === undefined ? null : margin * 100);
      if (margin !== undefined) expect(game.rtp_bp ?? null, game.node_id).toBeNull();
    }
    expect(games.filter((g) => g.margin_bp).length).toBeGreaterThanOrEqual(3);
  });
});

describe('the game list', () => {
  it('pages a type 15 at a time with the total pages, in the vendors’ order', async () => {
    const first = await list({ gameType: 'RNG', pageNo: 1, pageSize: 15, language: 'en' });
    expect(first.status).toBe(200);
    const { games, total, totalPages, pageNo } = first.body.value;
    expect(games).toHaveLength(15);
    expect(total).toBeGreaterThan(8000);
    expect(totalPages).toBe(Math.ceil(total / 15));
    expect(pageNo).toBe(1);
    // The portal's own games lead the list; then the vendors' games in the vendors' order.
    expect(games[0]).toMatchObject({ nodeId: 'HOUSE-RNG-SLOT', vassalage: 'HOUSE' });
    expect(games[3]).toMatchObject({
      gameType: 'RNG',
      vassalage: 'PG',
      imageUrl: expect.stringMatching(/^\/game-icons\//),
    });
    const second = await list({ gameType: 'RNG', pageNo: 2, pageSize: 15 });
    const ids = new Set(games.map((g: { nodeId: string }) => g.nodeId));
    expect(second.body.value.games.some((g: { nodeId: string }) => ids.has(g.nodeId))).toBe(false);
    const past = await list({ gameType: 'RNG', pageNo: totalPages + 1, pageSize: 15 });
    expect(past.body.value).toMatchObject({ games: [], total });
  });

  it('filters by vendor, classify, name in either language, minimum bet and lines', async () => {
    const jili = (await list({ gameType: 'RNG', vassalage: 'JILI', pageSize: 100 })).body.value;
    expect(jili.games.every((g: { vassalage: string }) => g.vassalage === 'JILI')).toBe(true);
    const poker = (await list({ gameType: 'RNG', gameClassify: 'VP', pageSize: 100 })).body.value;
    expect(poker.total).toBeGreaterThan(0);
    expect(poker.games.every((g: { gameClassify: string }) => g.gameClassify === 'VP')).toBe(true);
    const dragons = (await list({ gameType: 'RNG', gameName: 'DRAGON', pageSize: 100, language: 'en' })).body.value;
    expect(dragons.total).toBeGreaterThan(0);
    expect(dragons.games.every((g: { gameName: string }) => g.gameName.toLowerCase().includes('dragon'))).toBe(true);
    const bengali = (await list({ gameType: 'RNG', gameName: 'ড্রাগন', pageSize: 100 })).body.value;
    expect(bengali.total).toBe(dragons.total);
    const cheap = (await list({ gameType: 'RNG', minBet: '0.05', pageSize: 100 })).body.value;
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.games.every((g: { minBet: string }) => g.minBet === '0.05')).toBe(true);
    const wide = (await list({ gameType: 'RNG', minLineNum: 243, pageSize: 100 })).body.value;
    expect(wide.games.every((g: { lineNum: number }) => g.lineNum >= 243)).toBe(true);
    const nothing = (await list({ gameType: 'RNG', gameName: '100%_\\' })).body.value;
    expect(nothing).toMatchObject({ games: [], total: 0, totalPages: 0 });
  });

  it('leaves out games and vendors the operator switched off', async () => {
    const db = test.portal.database.db;
    const before = (await list({ gameType: 'FISH', pageSize: 100 })).body.value.total;
    await db.updateTable('games').set({ enabled: false }).where('node_id', '=', 'JDB-FISH-0001').execute();
    // Unseen until the snapshot is read again.
    expect((await list({ gameType: 'FISH', pageSize: 100 })).body.value.total).toBe(before);
    changedBySql();
    expect((await list({ gameType: 'FISH', pageSize: 100 })).body.value.total).toBe(before - 1);
    await db
      .updateTable('vendors')
      .set({ enabled: false })
      .where('code', '=', 'FC')
      .where('game_type', '=', 'FISH')
      .execute();
    changedBySql();
    const after = (await list({ gameType: 'FISH', pageSize: 100 })).body.value;
    expect(after.games.some((g: { vassalage: string }) => g.vassalage === 'FC')).toBe(false);
    await db.updateTable('vendors').set({ enabled: true }).where('code', '=', 'FC').execute();
    await db.updateTable('games').set({ enabled: true }).where('node_id', '=', 'JDB-FISH-0001').execute();
    changedBySql();
  });

  it('refuses bad parameters with a 400 and the catalogue message', async () => {
    for (const query of [
      { gameType: 'CASINO' },
      { gameType: 'RNG', pageSize: 101 },
      { gameType: 'RNG', pageNo: 0 },
      { gameType: 'RNG', minBet: '1e2' },
      { gameType: 'RNG', minBet: '0' },
      { gameType: 'RNG', gameClassify: 'XX' },
      { gameType: 'RNG', gameName: 'x'.repeat(51) },
    ]) {
      const response = await list(query as unknown as Record<string, string | number>);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.success).toBe(false);
    }
  });

  it('puts each image on one of the operator’s image hosts when some are configured', async () => {
    const hosts = ['https://img1.example.com', 'https://img2.example.com'];
    await updateSetting<{ imageCDNs: string[] }>(test, 'integrations', (value) => {
      value.imageCDNs = hosts;
    });
    const { games } = (await list({ gameType: 'RNG', pageSize: 50 })).body.value;
    const used = new Set(games.map((g: { imageUrl: string }) => new URL(g.imageUrl).origin));
    expect([...used].every((origin) => hosts.includes(origin as string))).toBe(true);
    await updateSetting<{ imageCDNs: string[] }>(test, 'integrations', (value) => {
      value.imageCDNs = [];
    });
  });

  it('draws a tile picture for games without one, escaping the name', async () => {
    await test.portal.database.db
      .insertInto('games')
      .values({
        node_id: 'PG-RNG-escape',
        vendor_code: 'PG',
        game_type: 'RNG',
        names: JSON.stringify({ en: '<Gold & "Glory">' }),
        search_text: 'gold',
        classify: 'JP',
        min_bet_minor: '10',
        icon: '/game-icons/PG-RNG-escape.svg',
      })
      .execute();
    changedBySql();
    const icon = await test.portal.app.inject({ method: 'GET', url: '/game-icons/PG-RNG-escape.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    // The picture's own policy replaces the page policy every answer starts with: no script inside an SVG.
    expect(icon.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(icon.body).toContain('&#60;Gold');
    expect(icon.body).not.toContain('<Gold');
    expect((await test.portal.app.inject({ method: 'GET', url: '/game-icons/none.svg' })).statusCode).toBe(404);
  });

  const tile = (query: string, headers: Record<string, string> = {}) =>
    test.portal.app.inject({ method: 'GET', url: `/game-icons/PG-RNG-0001.svg${query}`, headers });
  const names = () => JSON.parse(demoGames().find((g) => g.node_id === 'PG-RNG-0001')?.names as string);

  it('writes the game’s name on its tile in the language asked for, Bengali when none is', async () => {
    const { en, bn } = names();
    const bengali = await tile('?language=bn');
    expect(bengali.statusCode).toBe(200);
    expect(bengali.body).toContain(bn);
    expect(bengali.body).not.toContain(en);
    // Bengali glyphs come from the system: the picture names the Bengali faces phones and desktops ship.
    expect(bengali.body).toContain("'Noto Sans Bengali'");
    const english = await tile('?language=en');
    expect(english.body).toContain(en);
    expect(english.body).not.toContain(bn);
    expect((await tile('')).body).toBe(bengali.body);
  });

  it('refuses a language it does not speak, or anything else in the query, and takes the image retry', async () => {
    for (const query of ['?language=fr', '?language=', '?language=bn&size=512', '?retry=9']) {
      const answer = await tile(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.headers['content-type']).toContain('application/json');
    }
    expect((await tile('?language=en&retry=1')).statusCode).toBe(200);
  });

  it('lets each language’s picture be cached on its own and revalidated by its ETag', async () => {
    const bengali = await tile('?language=bn');
    const english = await tile('?language=en');
    expect(bengali.headers['cache-control']).toBe('public, max-age=86400');
    expect(bengali.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(english.headers.etag).not.toBe(bengali.headers.etag);
    const again = await tile('?language=bn', { 'if-none-match': String(bengali.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await tile('?language=en', { 'if-none-match': String(bengali.headers.etag) })).statusCode).toBe(200);
  });
});

describe('vendor cards', () => {
  type Card = { vassalage: string; isGame: string; lobbyNodeId: string | null; margin: string | null };
  async function card(gameType: string, vassalage: string): Promise<Card | undefined> {
    const types = await call(test.portal.app, { method: 'GET', url: '/wps/relay/GCSGAME_getVassGameType' });
    const item = types.body.value.find((t: { gameType: string }) => t.gameType === gameType);
    return item?.vendors.find((v: Card) => v.vassalage === vassalage);
  }
  const setIsGame = (path: string, isGame: unknown) =>
    call(test.portal.app, {
      method: 'PATCH',
      url: `/admin/api/vendors/${path}`,
      headers: test.admin,
      payload: { isGame },
    });

  it('say what they open: a one-game vendor its lobby, any other its game list, as the operator sets it', async () => {
    const sportsLobby = (await list({ gameType: 'SPORTS', vassalage: 'SBO' })).body.value.games[0].nodeId;
    expect(await card('SPORTS', 'SBO')).toMatchObject({ isGame: 'GAME', lobbyNodeId: sportsLobby, margin: '5.00' });
    expect(await card('LIVE', 'EVO')).toMatchObject({ isGame: 'VASSALAGE', lobbyNodeId: null, margin: null });

    expect((await setIsGame('EVO/LIVE', 'GAME')).status).toBe(200);
    const firstLive = (await list({ gameType: 'LIVE', vassalage: 'EVO' })).body.value.games[0].nodeId;
    expect(await card('LIVE', 'EVO')).toMatchObject({ isGame: 'GAME', lobbyNodeId: firstLive });
    expect((await setIsGame('EVO/LIVE', 'VASSALAGE')).status).toBe(200);
    expect(await card('LIVE', 'EVO')).toMatchObject({ isGame: 'VASSALAGE', lobbyNodeId: null });
    expect((await setIsGame('EVO/LIVE', 'LOBBY')).status).toBe(400);
  });
});

describe('hot games', () => {
  it('lists every hot game of a type in one page', async () => {
    const { status, body } = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/GCSGAME_hotGamesV2?gameType=RNG&isPlatform=2&language=bn',
    });
    expect(status).toBe(200);
    expect(body.value.length).toBeGreaterThan(15);
    expect(body.value.every((g: { isHot: number; gameType: string }) => g.isHot === 1 && g.gameType === 'RNG')).toBe(
      true,
    );
  });
});

describe('favourites', () => {
  const game = { nodeId: 'PG-RNG-0003', vendor: 'PG', gameType: 'RNG' };

  it('are added once, listed newest first and removed, for a signed-in member only', async () => {
    expect((await favourite('PUT', {}, game)).status).toBe(401);
    const player = await member();
    expect((await favourite('PUT', player.headers, game)).body.value).toEqual({ nodeId: game.nodeId, favourite: true });
    expect((await favourite('PUT', player.headers, game)).status).toBe(200);
    await favourite('PUT', player.headers, { ...game, nodeId: 'PG-RNG-0004' });
    const ids = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/MCSFE_getFavoriteGames',
      headers: player.headers,
    });
    expect(ids.body.value.nodeIds).toEqual(['PG-RNG-0004', 'PG-RNG-0003']);
    const page = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/MCSFE_getFavoriteGamesList?gameType=RNG&pageNo=1&pageSize=15',
      headers: player.headers,
    });
    expect(page.body.value.totalPages).toBe(1);
    expect(page.body.value.content.map((g: { nodeId: string }) => g.nodeId)).toEqual(['PG-RNG-0004', 'PG-RNG-0003']);
    expect((await favourite('DELETE', player.headers, game)).body.value.favourite).toBe(false);
    const after = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/MCSFE_getFavoriteGames',
      headers: player.headers,
    });
    expect(after.body.value.nodeIds).toEqual(['PG-RNG-0004']);
  });

  it('refuse a game that does not exist or is named with the wrong vendor or type', async () => {
    const player = await member();
    for (const named of [
      { ...game, nodeId: 'NOPE-1' },
      { ...game, vendor: 'JILI' },
      { ...game, gameType: 'FISH' },
    ]) {
      const response = await favourite('PUT', player.headers, named);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('GAME_NOT_FOUND');
    }
    const bad = await favourite('PUT', player.headers, { ...game, extra: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('recent games', () => {
  it('keep the last 50 launches of the member, last played first', async () => {
    const player = await member();
    const id = (
      await test.portal.database.db
        .selectFrom('members')
        .select('id')
        .where('account', '=', player.username)
        .executeTakeFirstOrThrow()
    ).id;
    const empty = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/GCS_recentGame?clientType=3',
      headers: player.headers,
    });
    expect(empty.body.value).toEqual({ list: [], totalPages: 0 });
    const games = await test.portal.database.db
      .selectFrom('games')
      .select(['id', 'node_id'])
      .where('game_type', '=', 'RNG')
      .orderBy('id')
      .limit(RECENT_GAMES_KEPT + 5)
      .execute();
    for (const game of games) await test.portal.app.services.games.noteLaunch(id, game.id);
    await test.portal.app.services.games.noteLaunch(id, games[10]!.id);
    const recent = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/GCS_recentGame?clientType=3&pageNo=1&pageSize=100',
      headers: player.headers,
    });
    const ids = recent.body.value.list.map((g: { nodeId: string }) => g.nodeId);
    expect(ids).toHaveLength(RECENT_GAMES_KEPT);
    expect(ids[0]).toBe(games[10]!.node_id);
    expect(ids[1]).toBe(games.at(-1)!.node_id);
    expect(ids).not.toContain(games[0]!.node_id);
  });
});

describe('launch', () => {
  it('needs a real account for real money and answers game maintenance while no vendor is connected', async () => {
    const url = '/wps/game/launchGame?nodeId=PG-RNG-0001';
    expect((await call(test.portal.app, { method: 'GET', url })).body.code).toBe('NOT_LOGGED_IN');
    const trial = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextIp(),
    });
    const refused = await call(test.portal.app, { method: 'GET', url, headers: bearer(trial.body.value.token) });
    expect(refused.body.code).toBe('NEED_REAL_ACCOUNT');
    const player = await member();
    const launch = await call(test.portal.app, { method: 'GET', url, headers: player.headers });
    expect(launch.status).toBe(503);
    expect(launch.body.code).toBe('GAME_MAINTENANCE');
    const unknown = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/game/launchGame?nodeId=NOPE-1',
      headers: player.headers,
    });
    expect(unknown.body.code).toBe('GAME_NOT_FOUND');
  });

  it('offers free play only for games that have it, and to visitors only while FREEPLAY3 is on', async () => {
    const live = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/GCS_gameLaunchFB?nodeId=EVO-LIVE-0001',
    });
    expect(live.body.code).toBe('TRIAL_NOT_OFFERED');
    await setFlags(test, { FREEPLAY3: false });
    const visitor = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/relay/GCS_gameLaunchFB?nodeId=PG-RNG-0001',
    });
    expect(visitor.body.code).toBe('NOT_LOGGED_IN');
    await setFlags(test, { FREEPLAY3: true });
  });
});
