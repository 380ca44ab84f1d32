import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_NODES } from '@portal/shared/house-games';
import { describe, expect, it } from 'vitest';
import { maskAccount } from '../../common/mask-account.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { memberIdOf, nextIp, registered } from '../../test/members.ts';
import { connectVendor, vendorSeat } from '../../test/vendor-rounds.ts';
import { adjust, walletMember } from '../../test/wallet.ts';
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

/** A house game's session for the member, opened as the portal's launch opens it. */
async function houseLaunch(nodeId: string, headers: Record<string, string>) {
  const launched = await call(test.portal.app, {
    method: 'GET',
    url: `/wps/game/launchGame?nodeId=${nodeId}`,
    headers,
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  return new URL(launched.body.value.url, 'http://portal.test').searchParams.get('token') ?? '';
}

async function housePlay(path: string, payload: Record<string, unknown>) {
  const played = await call(test.portal.app, { method: 'POST', url: `/house/api/${path}`, payload });
  expect(played.status, JSON.stringify(played.body)).toBe(200);
  return played.body.value as { roundId: string; win: string };
}

describe('the winner board and the jackpot for rounds played at outside vendors', () => {
  it('shows a vendor win as it shows a house game win: masked account, game name and amount', async () => {
    const pg = await connectVendor(test, { code: 'PG', secret: SECRET }, [
      { nodeId: 'PG-board-1', nameEn: 'Board Tiger', nameBn: 'বোর্ড বাঘ' },
    ]);
    const vendorPlayer = await walletMember(test);
    await adjust(test, vendorPlayer.username, '100.00');
    const seat = await vendorSeat(test, pg, vendorPlayer, 'PG-board-1');
    await seat.round('PG-board-1', '10.00', { win: '250.00' });

    // A house dice roll with a 98 % chance: rolled until it wins.
    const housePlayer = await walletMember(test);
    await adjust(test, housePlayer.username, '100.00');
    const dice = await houseLaunch(HOUSE_GAME_NODES.dice, housePlayer.headers);
    let houseWin = '0.00';
    for (let roll = 0; roll < 10 && houseWin === '0.00'; roll++) {
      const rolled = await housePlay('dice/roll', {
        token: dice,
        roundKey: randomUUID(),
        amount: '5.00',
        direction: 'under',
        target: 9800,
      });
      houseWin = rolled.win;
    }
    expect(houseWin).not.toBe('0.00');

    const { list } = (await board('&language=en')).body.value;
    expect(list.slice(0, 2)).toMatchObject([
      {
        account: maskAccount(housePlayer.username),
        gameName: 'Fair Dice',
        nodeId: HOUSE_GAME_NODES.dice,
        vassalage: 'HOUSE',
        amount: houseWin,
      },
      {
        account: maskAccount(vendorPlayer.username),
        gameName: 'Board Tiger',
        nodeId: 'PG-board-1',
        vassalage: 'PG',
        gameType: 'RNG',
        amount: '250.00',
      },
    ]);
    expect((await board('&language=bn')).body.value.list[1].gameName).toBe('বোর্ড বাঘ');

    // A rolled-back round, a lost round and a win in demo money do not qualify.
    await seat.round('PG-board-1', '10.00', { rollback: true });
    await seat.round('PG-board-1', '10.00', { win: '0.00' });
    const { members, wallet } = test.portal.app.services;
    const trial = await members.createTrial(nextIp());
    await wallet.grantDemoBalance(trial.id);
    const token = await test.portal.app.seamless.openSession({
      memberId: trial.id,
      vendorCode: 'PG',
      nodeId: 'PG-board-1',
      currency: 'DEMO',
      demo: true,
    });
    const demo = { playerId: trial.account, roundId: `demo-${randomUUID()}`, currency: 'DEMO' };
    const bet = await pg.client.call('bet', {
      ...demo,
      txId: `${demo.roundId}-b`,
      token,
      gameId: 'PG-board-1',
      amount: '10.00',
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    const won = await pg.client.call('win', {
      ...demo,
      txId: `${demo.roundId}-w`,
      amount: '900.00',
      roundClosed: true,
    });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect((await board('&language=en')).body.value.list.slice(0, 2)).toEqual(list.slice(0, 2));
  });

  it('leaves the jackpot to the house slot: vendor rounds neither feed the pool nor win it', async () => {
    const pool = async () => {
      const answer = await call(test.portal.app, { method: 'GET', url: '/admin/api/jackpots', headers: test.admin });
      expect(answer.status).toBe(200);
      return answer.body.value[0] as { code: string; amount: string; wins: number };
    };
    const pg = await connectVendor(test, { code: 'PG', secret: SECRET }, [{ nodeId: 'PG-pot-1', nameEn: 'Pot Tiger' }]);
    const member = await walletMember(test);
    await adjust(test, member.username, '5000.00');
    const before = await pool();
    expect(before.code).toBe('house_slot');
    const seat = await vendorSeat(test, pg, member, 'PG-pot-1');
    await seat.round('PG-pot-1', '1000.00', { win: '0.00' });
    await seat.round('PG-pot-1', '1000.00', { win: '50000.00' });
    expect(await pool()).toEqual(before);

    // The house slot's stake does feed it: 1 % of 2.00 (a hit, one spin in 250,000, would empty it instead).
    const slot = await houseLaunch(HOUSE_GAME_NODES.slot, member.headers);
    await housePlay('slot/spin', { token: slot, roundKey: randomUUID(), betPerLine: '0.10' });
    expect(Number((await pool()).amount)).toBeCloseTo(Number(before.amount) + 0.02, 2);
  });
});
