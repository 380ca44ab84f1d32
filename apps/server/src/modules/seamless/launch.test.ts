import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, registered } from '../../test/members.ts';
import { adjust, balanceOf } from '../../test/wallet.ts';
import { injectTransport, SeamlessClient } from './client.ts';

const test = useTestPortal();
const SECRET = 'launch-test-secret-0123456789abcdef0123456789';
const LAUNCH_URL = 'https://games.jili.example/play?game={gameId}&token={token}&lang={language}&mode={mode}';

function connect(body: Record<string, unknown>, code = 'JILI') {
  return call(test.portal.app, {
    method: 'PUT',
    url: `/admin/api/vendor-integrations/${code}`,
    headers: test.admin,
    payload: body,
  });
}

async function jiliGame() {
  const imported = await call(test.portal.app, {
    method: 'POST',
    url: '/admin/api/vendors/JILI/RNG/games/import',
    headers: test.admin,
    payload: [{ nodeId: 'JILI-launch-1', nameEn: 'Launch Test', minBet: '0.10', trial: true }],
  });
  expect(imported.status).toBe(200);
}

function launch(url: string, headers: Record<string, string> = {}) {
  return call(test.portal.app, { method: 'GET', url, headers });
}

describe('launching a connected vendor’s game', () => {
  it('is configured by the operator, who never reads the secret back', async () => {
    expect((await connect({ currency: 'BDT', launchUrl: LAUNCH_URL })).status).toBe(400);
    expect((await connect({ secret: SECRET, currency: 'BDT', launchUrl: 'http://plain.example/{token}' })).status).toBe(
      400,
    );
    expect((await connect({ secret: SECRET, currency: 'BDT' }, 'NOPE')).status).toBe(404);
    expect((await connect({ secret: SECRET, currency: 'BDT', launchUrl: LAUNCH_URL })).status).toBe(200);
    // Later changes may leave the secret out: it is kept.
    expect((await connect({ currency: 'BDT', launchUrl: LAUNCH_URL, sessionMinutes: 20 })).status).toBe(200);
    const listed = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/vendor-integrations',
      headers: test.admin,
    });
    // Beside the portal's own games (HOUSE), which are connected at start-up.
    expect(listed.body.value).toEqual([
      { code: 'HOUSE', currency: 'BDT', enabled: true, sessionMinutes: 30, launchUrl: null },
      { code: 'JILI', currency: 'BDT', enabled: true, sessionMinutes: 20, launchUrl: LAUNCH_URL },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
  });

  it('takes an emptied launch address away instead of failing on it', async () => {
    expect((await connect({ secret: SECRET, currency: 'BDT', launchUrl: LAUNCH_URL })).status).toBe(200);
    expect((await connect({ currency: 'BDT', launchUrl: '' })).status).toBe(200);
    const list = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/vendor-integrations',
      headers: test.admin,
    });
    expect(list.body.value).toContainEqual(expect.objectContaining({ code: 'JILI', launchUrl: null }));
    expect((await connect({ currency: 'BDT', launchUrl: 'https://' })).status).toBe(400);
  });

  it('gives a member a session token the vendor then bets with, and records the game as recent', async () => {
    await connect({ secret: SECRET, currency: 'BDT', launchUrl: LAUNCH_URL });
    await jiliGame();
    const member = await registered(test.portal.app);
    await adjust(test, member.username, '50.00');
    const launched = await launch('/wps/game/launchGame?nodeId=JILI-launch-1&language=en', bearer(member.token));
    expect(launched.status, JSON.stringify(launched.body)).toBe(200);
    const url = new URL(launched.body.value.url);
    expect(url.origin).toBe('https://games.jili.example');
    expect(url.searchParams.get('game')).toBe('JILI-launch-1');
    expect(url.searchParams.get('mode')).toBe('real');
    const token = url.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(20);

    const vendor = new SeamlessClient({
      vendorCode: 'JILI',
      secret: SECRET,
      transport: injectTransport(test.portal.app),
    });
    const who = await vendor.call('authenticate', { token });
    expect(who.body.value).toMatchObject({ playerId: member.username, balance: '50.00', currency: 'BDT' });
    const bet = await vendor.call('bet', {
      txId: 'launch-bet-1',
      token,
      playerId: member.username,
      roundId: 'launch-round-1',
      gameId: 'JILI-launch-1',
      amount: '5.00',
      currency: 'BDT',
    });
    expect(bet.body.value).toMatchObject({ balance: '45.00' });
    expect((await balanceOf(test, { headers: bearer(member.token) })).cash).toBe('45.00');

    const recent = await launch('/wps/relay/GCS_recentGame?clientType=3', bearer(member.token));
    expect(recent.body.value.list.map((g: { nodeId: string }) => g.nodeId)).toEqual(['JILI-launch-1']);

    // The betting record: open until the vendor closes the round, settled when it closes it with a win of 0.00
    // (which moves no money).
    const records = async () => {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const answer = await launch(`/wps/wallet/records/bets?from=${day(-1)}&to=${day(1)}`, bearer(member.token));
      return answer.body.value.list;
    };
    expect(await records()).toEqual([expect.objectContaining({ stake: '5.00', payout: '0.00', status: 'open' })]);
    const lost = await vendor.call('win', {
      txId: 'launch-win-1',
      playerId: member.username,
      roundId: 'launch-round-1',
      amount: '0.00',
      currency: 'BDT',
      roundClosed: true,
    });
    expect(lost.status, JSON.stringify(lost.body)).toBe(200);
    expect(await records()).toEqual([
      expect.objectContaining({ stake: '5.00', payout: '0.00', net: '-5.00', status: 'settled' }),
    ]);
  });

  it('opens the vendor’s own free play without a token, and answers game maintenance once switched off', async () => {
    await connect({ secret: SECRET, currency: 'BDT', launchUrl: LAUNCH_URL });
    await jiliGame();
    const free = await launch('/wps/relay/GCS_gameLaunchFB?nodeId=JILI-launch-1&language=bn');
    expect(free.status).toBe(200);
    const url = new URL(free.body.value.url);
    expect(url.searchParams.get('token')).toBe('');
    expect(url.searchParams.get('mode')).toBe('trial');
    expect(url.searchParams.get('lang')).toBe('bn');

    await connect({ currency: 'BDT', launchUrl: LAUNCH_URL, enabled: false });
    const off = await launch('/wps/relay/GCS_gameLaunchFB?nodeId=JILI-launch-1');
    expect(off.status).toBe(503);
    expect(off.body.code).toBe('GAME_MAINTENANCE');
  });
});
