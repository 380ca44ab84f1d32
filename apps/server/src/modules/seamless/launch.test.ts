import { HOUSE_GAME_NODES } from '@portal/shared/house-games';
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
  await vendorGame('JILI', 'JILI-launch-1');
}

async function vendorGame(vendor: string, nodeId: string) {
  const imported = await call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/vendors/${vendor}/RNG/games/import`,
    headers: test.admin,
    payload: [{ nodeId, nameEn: 'Launch Test', minBet: '0.10', trial: true }],
  });
  expect(imported.status).toBe(200);
}

async function integrations() {
  const listed = await call(test.portal.app, {
    method: 'GET',
    url: '/admin/api/vendor-integrations',
    headers: test.admin,
  });
  expect(listed.status).toBe(200);
  return listed.body.value as { code: string; launchTarget: string; note: string | null }[];
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
      {
        code: 'HOUSE',
        currency: 'BDT',
        enabled: true,
        sessionMinutes: 30,
        launchUrl: null,
        transferUrl: null,
        launchTarget: 'frame',
        note: null,
      },
      {
        code: 'JILI',
        currency: 'BDT',
        enabled: true,
        sessionMinutes: 20,
        launchUrl: LAUNCH_URL,
        transferUrl: null,
        launchTarget: 'frame',
        note: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(SECRET);
  });

  it('keeps the operator’s note on a vendor, shows it in the list, and refuses one over 200 characters', async () => {
    const note = 'ডেমো স্টুডিও: not a real vendor';
    expect((await connect({ secret: SECRET, currency: 'BDT', launchUrl: LAUNCH_URL, note })).status).toBe(200);
    expect(await integrations()).toContainEqual(expect.objectContaining({ code: 'JILI', note }));
    const tooLong = await connect({ currency: 'BDT', launchUrl: LAUNCH_URL, note: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('VALIDATION');
    expect(await integrations()).toContainEqual(expect.objectContaining({ code: 'JILI', note }));
    // Left out or emptied, as the other optional settings: none.
    expect((await connect({ currency: 'BDT', launchUrl: LAUNCH_URL, note: '  ' })).status).toBe(200);
    expect(await integrations()).toContainEqual(expect.objectContaining({ code: 'JILI', note: null }));
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

  it('takes a transfer API address over https, or over plain http only on this machine', async () => {
    expect(
      (await connect({ secret: SECRET, currency: 'BDT', transferUrl: 'http://vendor.example/transfer' })).status,
    ).toBe(400);
    for (const transferUrl of ['https://vendor.example/transfer', 'http://127.0.0.1:3101/transfer']) {
      expect((await connect({ secret: SECRET, currency: 'BDT', transferUrl })).status).toBe(200);
    }
    const list = await call(test.portal.app, {
      method: 'GET',
      url: '/admin/api/vendor-integrations',
      headers: test.admin,
    });
    expect(list.body.value).toContainEqual(
      expect.objectContaining({ code: 'JILI', transferUrl: 'http://127.0.0.1:3101/transfer' }),
    );
  });

  it('takes plain http only for a studio on this machine (loopback), never for another host', async () => {
    const refused = [
      'http://plain.example/play?t={token}',
      'http://127.0.0.2/play?t={token}',
      'http://localhost.example.com/play',
      'http://127.0.0.1@evil.example/play',
      'http://127.0.0.1:3121 /play',
      'ftp://127.0.0.1/play',
    ];
    for (const launchUrl of refused) {
      expect((await connect({ secret: SECRET, currency: 'BDT', launchUrl })).status, launchUrl).toBe(400);
    }
    for (const launchUrl of [
      'http://127.0.0.1:3121/play?game={gameId}&token={token}',
      'http://localhost:3121/play',
      'http://127.0.0.1',
    ]) {
      expect((await connect({ secret: SECRET, currency: 'BDT', launchUrl })).status, launchUrl).toBe(200);
    }
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
  it('opens a vendor’s games in a window of their own when the operator says so, and in the frame otherwise', async () => {
    const PG_URL = 'https://games.pg.example/play?game={gameId}&token={token}&lang={language}&mode={mode}';
    expect((await connect({ secret: SECRET, currency: 'BDT', launchUrl: LAUNCH_URL })).status).toBe(200);
    expect(
      (await connect({ secret: SECRET, currency: 'BDT', launchUrl: PG_URL, launchTarget: 'window' }, 'PG')).status,
    ).toBe(200);
    expect(await integrations()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'JILI', launchTarget: 'frame' }),
        expect.objectContaining({ code: 'PG', launchTarget: 'window' }),
      ]),
    );
    const audited = await test.portal.database.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'vendor.integration.saved')
      .execute();
    expect(audited.map((row) => row.detail)).toContainEqual(
      expect.objectContaining({ code: 'PG', launchTarget: 'window' }),
    );

    // A target the portal does not know is refused whole: nothing of the change is written or audited.
    for (const launchTarget of ['popup', '', null, 1]) {
      const refused = await connect({ currency: 'EUR', launchUrl: PG_URL, launchTarget }, 'PG');
      expect(refused.status, String(launchTarget)).toBe(400);
      expect(refused.body.code).toBe('VALIDATION');
    }
    expect(await integrations()).toContainEqual(
      expect.objectContaining({ code: 'PG', currency: 'BDT', launchTarget: 'window' }),
    );
    const auditedAfter = await test.portal.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'vendor.integration.saved')
      .execute();
    expect(auditedAfter.length).toBe(audited.length);

    await jiliGame();
    await vendorGame('PG', 'PG-launch-1');
    const member = await registered(test.portal.app);
    const real = async (nodeId: string) => {
      const answer = await launch(`/wps/game/launchGame?nodeId=${nodeId}&language=en`, bearer(member.token));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.value;
    };
    expect(await real('PG-launch-1')).toMatchObject({ nodeId: 'PG-launch-1', mode: 'real', target: 'window' });
    expect((await real('PG-launch-1')).url).toMatch(/^https:\/\/games\.pg\.example\/play\?game=PG-launch-1&token=\w/);
    expect(await real('JILI-launch-1')).toMatchObject({ nodeId: 'JILI-launch-1', target: 'frame' });
    const free = await launch('/wps/relay/GCS_gameLaunchFB?nodeId=PG-launch-1&language=bn');
    expect(free.body.value).toMatchObject({ mode: 'trial', target: 'window' });
    const freeJili = await launch('/wps/relay/GCS_gameLaunchFB?nodeId=JILI-launch-1&language=bn');
    expect(freeJili.body.value).toMatchObject({ mode: 'trial', target: 'frame' });

    // The portal's own games always open in its frame, whatever their integration says.
    expect((await connect({ currency: 'BDT', launchTarget: 'window' }, 'HOUSE')).status).toBe(200);
    const house = await launch(`/wps/relay/GCS_gameLaunchFB?nodeId=${HOUSE_GAME_NODES.slot}&language=en`);
    expect(house.status, JSON.stringify(house.body)).toBe(200);
    expect(house.body.value.target).toBe('frame');

    // As with the other optional settings, a save that leaves the target out puts back its default, the frame.
    expect((await connect({ currency: 'BDT', launchUrl: PG_URL }, 'PG')).status).toBe(200);
    expect(await integrations()).toContainEqual(expect.objectContaining({ code: 'PG', launchTarget: 'frame' }));
    expect(await real('PG-launch-1')).toMatchObject({ target: 'frame' });
  });
});
