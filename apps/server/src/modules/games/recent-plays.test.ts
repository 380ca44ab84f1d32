import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { connectVendor, vendorSeat } from '../../test/vendor-rounds.ts';
import { adjust, walletMember } from '../../test/wallet.ts';
import { RECENT_GAMES_KEPT } from './recent-plays.ts';

const test = useTestPortal();
const SECRET = 'recent-plays-secret-0123456789abcdef0123456789';
const LAUNCH_URL = 'https://games.pg.example/play?game={gameId}&token={token}&lang={language}&mode={mode}';

async function recentNodes(headers: Record<string, string>): Promise<string[]> {
  const answer = await call(test.portal.app, {
    method: 'GET',
    url: '/wps/relay/GCS_recentGame?clientType=3&pageNo=1&pageSize=100',
    headers,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value.list.map((game: { nodeId: string }) => game.nodeId);
}

async function playedAt(memberId: string, nodeId: string): Promise<Date | undefined> {
  const row = await test.portal.database.db
    .selectFrom('recent_games as r')
    .innerJoin('games as g', 'g.id', 'r.game_id')
    .select('r.played_at')
    .where('r.member_id', '=', memberId)
    .where('g.node_id', '=', nodeId)
    .executeTakeFirst();
  return row ? new Date(row.played_at) : undefined;
}

describe('recent games: rounds played at a vendor', () => {
  it('puts the game a seamless bet named on top of the list, even when another game was launched', async () => {
    const pg = await connectVendor(test, { code: 'PG', secret: SECRET }, [
      { nodeId: 'PG-recent-1', nameEn: 'Recent One' },
      { nodeId: 'PG-recent-2', nameEn: 'Recent Two' },
    ]);
    const member = await walletMember(test);
    await adjust(test, member.username, '50.00');
    expect(await recentNodes(member.headers)).toEqual([]);

    // A session opened by the vendor's own lobby (not the portal's launch) for game 1; the bet names game 2.
    const seat = await vendorSeat(test, pg, member, 'PG-recent-1');
    await seat.round('PG-recent-2', '1.00', { win: '0.00' });
    // The bet's answer does not wait for the list: it follows within moments.
    await expect.poll(() => recentNodes(member.headers)).toEqual(['PG-recent-2']);

    // Launched through the portal, game 1 goes on top; then a round of game 2 puts game 2 back on top.
    await test.portal.app.seamless.configureVendor({
      code: 'PG',
      secret: SECRET,
      currency: 'BDT',
      launchUrl: LAUNCH_URL,
    });
    const launched = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/game/launchGame?nodeId=PG-recent-1',
      headers: member.headers,
    });
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    expect(await recentNodes(member.headers)).toEqual(['PG-recent-1', 'PG-recent-2']);
    await seat.round('PG-recent-2', '1.00', { rollback: true });
    await expect.poll(() => recentNodes(member.headers)).toEqual(['PG-recent-2', 'PG-recent-1']);

    // More rounds of the game already on top write nothing.
    await test.portal.app.services.games.plays.flushed();
    const before = await playedAt(member.id, 'PG-recent-2');
    await seat.round('PG-recent-2', '1.00', { win: '2.00' });
    await seat.round('PG-recent-2', '1.00', { win: '0.00' });
    await test.portal.app.services.games.plays.flushed();
    expect(await playedAt(member.id, 'PG-recent-2')).toEqual(before);

    // Played in a burst: game 1 (not on top), then game 2 (the old top) again before the write. Game 2 stays on top.
    const catalogue = test.portal.app.services.games;
    catalogue.notePlayed(member.id, 'PG-recent-1');
    catalogue.notePlayed(member.id, 'PG-recent-2');
    await catalogue.plays.flushed();
    expect(await recentNodes(member.headers)).toEqual(['PG-recent-2', 'PG-recent-1']);

    // A game the catalogue does not list is played (the bet is taken) but never listed.
    await seat.round('PG-not-listed', '1.00', { win: '0.00' });
    await test.portal.app.services.games.plays.flushed();
    expect(await recentNodes(member.headers)).toEqual(['PG-recent-2', 'PG-recent-1']);
  });

  it('writes plays noted together in the order played, and keeps the last 50', async () => {
    const member = await walletMember(test);
    const games = Array.from({ length: RECENT_GAMES_KEPT + 5 }, (_, i) => ({
      node_id: `PG-many-${i}`,
      nameEn: `Many ${i}`,
    }));
    await connectVendor(
      test,
      { code: 'PG', secret: SECRET },
      games.map((game) => ({ nodeId: game.node_id, nameEn: game.nameEn })),
    );
    const catalogue = test.portal.app.services.games;
    // Noted in one turn of the event loop: one write for them all.
    for (const game of games) catalogue.notePlayed(member.id, game.node_id);
    catalogue.notePlayed(member.id, games[3]!.node_id);
    await catalogue.plays.flushed();
    const listed = await recentNodes(member.headers);
    expect(listed).toHaveLength(RECENT_GAMES_KEPT);
    expect(listed[0]).toBe(games[3]!.node_id);
    expect(listed.slice(1, 4)).toEqual(
      games
        .slice(-3)
        .reverse()
        .map((game) => game.node_id),
    );
    // The oldest plays fell off the end (game 3 was played again, so it stayed).
    expect(listed).not.toContain(games[0]!.node_id);
    expect(listed).not.toContain(games[5]!.node_id);
    expect(listed).toContain(games[6]!.node_id);
  });
});
