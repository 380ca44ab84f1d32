import { describe, expect, it } from 'vitest';
import { maskAccount } from '../../common/mask-account.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { memberIdOf, registered } from '../../test/members.ts';
import { adjust } from '../../test/wallet.ts';
import { injectTransport, SeamlessClient } from '../seamless/client.ts';

const test = useTestPortal();
const SECRET = 'winners-test-secret-0123456789abcdef0123456789';

/** A player of vendor PG who bets and then wins `win` in one round of `nodeId`. */
async function playRound(round: string, nodeId: string, win: string) {
  const member = await registered(test.portal.app);
  await adjust(test, member.username, '20.00');
  const token = await test.portal.app.seamless.openSession({
    memberId: await memberIdOf(test, member.username),
    vendorCode: 'PG',
    nodeId,
    currency: 'BDT',
    demo: false,
  });
  const vendor = new SeamlessClient({ vendorCode: 'PG', secret: SECRET, transport: injectTransport(test.portal.app) });
  const common = { playerId: member.username, roundId: round, currency: 'BDT' };
  const bet = await vendor.call('bet', { ...common, txId: `${round}-b`, token, gameId: nodeId, amount: '2.00' });
  expect(bet.status, JSON.stringify(bet.body)).toBe(200);
  const won = await vendor.call('win', { ...common, txId: `${round}-w`, amount: win, roundClosed: true });
  expect(won.status, JSON.stringify(won.body)).toBe(200);
  return member.username;
}

function board(query = '') {
  return call(test.portal.app, { method: 'GET', url: `/wps/relay/GCSGAME_getRankList?gameCategory=ALL${query}` });
}

describe('the winner board', () => {
  it('lists the latest real-money wins newest first, with the game and a masked account', async () => {
    await test.portal.app.seamless.configureVendor({ code: 'PG', secret: SECRET, currency: 'BDT' });
    const imported = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/vendors/PG/RNG/games/import',
      headers: test.admin,
      payload: [{ nodeId: 'PG-win-1', nameEn: 'Winning Game', nameBn: 'জয়ের খেলা', minBet: '0.10' }],
    });
    expect(imported.status).toBe(200);
    expect((await board()).body.value).toEqual({ list: [] });

    const first = await playRound('wr-1', 'PG-win-1', '7.50');
    await playRound('wr-2', 'PG-win-1', '0.00');
    const last = await playRound('wr-3', 'PG-win-1', '12.25');
    const { list } = (await board('&language=en')).body.value;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      account: maskAccount(last),
      gameName: 'Winning Game',
      nodeId: 'PG-win-1',
      vassalage: 'PG',
      gameType: 'RNG',
      amount: '12.25',
    });
    expect(list[1]).toMatchObject({ account: maskAccount(first), amount: '7.50' });
    expect(JSON.stringify(list)).not.toContain(last);
    expect((await board('&language=bn')).body.value.list[0].gameName).toBe('জয়ের খেলা');
    expect((await board('&limitNum=1')).body.value.list).toHaveLength(1);
    expect(
      (await call(test.portal.app, { method: 'GET', url: '/wps/relay/GCSGAME_getRankList?gameCategory=FISH' })).body
        .value.list,
    ).toEqual([]);
    expect((await board('&limitNum=51')).status).toBe(400);
  });

  it('masks every account name', () => {
    expect(maskAccount('rahim88')).toBe('ra***88');
    expect(maskAccount('abc')).toBe('a***');
  });
});
