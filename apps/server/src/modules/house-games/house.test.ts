import { randomUUID } from 'node:crypto';
import { HOUSE_GAME_NODES } from '@portal/shared/house-games';
import { diceRoll, hashServerSeed } from '@portal/shared/provably-fair';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, nextIp } from '../../test/members.ts';
import { adjust, balanceOf, reconcile, walletMember } from '../../test/wallet.ts';
import type { SeamlessCaller } from '../seamless/client.ts';
import { JACKPOT_ODDS_PER_MINOR, slotGame } from './play/slot-play.ts';
import { CryptoRandom, type RandomSource } from './rng.ts';
import { HouseRounds } from './rounds.ts';

const test = useTestPortal();

async function launch(nodeId: string, headers: Record<string, string>, path = '/wps/game/launchGame') {
  const launched = await call(test.portal.app, { method: 'GET', url: `${path}?nodeId=${nodeId}&language=en`, headers });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  const url = new URL(launched.body.value.url, 'http://portal.test');
  return { url, token: url.searchParams.get('token') ?? '' };
}

function post(path: string, payload: Record<string, unknown>) {
  return call(test.portal.app, { method: 'POST', url: `/house/api/${path}`, payload });
}

async function funded(amount: string) {
  const member = await walletMember(test);
  if (amount !== '0.00') await adjust(test, member.username, amount);
  const { token } = await launch(HOUSE_GAME_NODES.slot, member.headers);
  return { member, token };
}

const spin = (token: string | undefined, roundKey = randomUUID(), betPerLine = '0.10') =>
  post('slot/spin', { token, roundKey, betPerLine });

describe('house games: launch and play through the seamless wallet', () => {
  it('opens the slot on this site with a real-money session, and each spin moves stake and win once', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '50.00');
    const { url, token } = await launch(HOUSE_GAME_NODES.slot, member.headers);
    expect(url.pathname).toBe('/house/slot');
    expect(url.searchParams.get('mode')).toBe('real');
    const session = await call(test.portal.app, { method: 'GET', url: `/house/api/session?token=${token}` });
    expect(session.body.value).toEqual({ mode: 'real', balance: '50.00', currency: 'BDT' });

    const roundKey = randomUUID();
    const first = await spin(token, roundKey);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const round = first.body.value;
    expect(round.stake).toBe('2.00');
    expect(round.spins[0].grid).toHaveLength(5);
    const expected = (5000 - 200 + Math.round(Number(round.win) * 100)) / 100;
    expect(Number(round.balance)).toBeCloseTo(expected, 2);
    expect((await balanceOf(test, member)).cash).toBe(round.balance);

    // The page's retry (a lost answer) is the same round: the same answer, no money moved again.
    const retry = await spin(token, roundKey);
    expect(retry.body.value).toEqual(round);
    expect((await balanceOf(test, member)).cash).toBe(round.balance);

    // The betting record shows the round: its stake and what it paid.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const record = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/wallet/records/bets?from=${day(-1)}&to=${day(1)}`,
      headers: member.headers,
    });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    expect(record.body.value.list).toEqual([
      expect.objectContaining({
        reference: expect.stringContaining(round.roundId),
        stake: '2.00',
        payout: round.win,
        status: 'settled',
      }),
    ]);
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('refuses a stake above the balance with the balance, refuses bad bets, and writes nothing', async () => {
    const { member, token } = await funded('1.00');
    const poor = await spin(token);
    expect(poor.status).toBe(409);
    expect(poor.body.code).toBe('INSUFFICIENT_FUNDS');
    const bad = await spin(token, randomUUID(), '0.03');
    expect(bad.status).toBe(400);
    const noKey = await post('slot/spin', { token, roundKey: 'not-a-key', betPerLine: '0.01' });
    expect(noKey.status).toBe(400);
    expect((await balanceOf(test, member)).cash).toBe('1.00');
    const rounds = await test.portal.database.db
      .selectFrom('house_rounds')
      .select(['status'])
      .where('player_id', '=', member.username)
      .execute();
    expect(rounds.map((r) => r.status)).toEqual(['refused']);
  });

  it('plays free without a token (the page keeps its balance) and a trial member on demo money', async () => {
    const { url, token } = await launch(HOUSE_GAME_NODES.slot, {}, '/wps/relay/GCS_gameLaunchFB');
    expect(token).toBe('');
    expect(url.searchParams.get('mode')).toBe('trial');
    const session = await call(test.portal.app, { method: 'GET', url: '/house/api/session' });
    expect(session.body.value).toMatchObject({ mode: 'free', balance: '2000.00' });
    const free = await spin(undefined);
    expect(free.status).toBe(200);
    expect(free.body.value.balance).toBeNull();

    const trial = await call(test.portal.app, {
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextIp(),
    });
    const demo = await launch(HOUSE_GAME_NODES.slot, bearer(trial.body.value.token), '/wps/relay/GCS_gameLaunchFB');
    expect(demo.token).not.toBe('');
    const demoSession = await call(test.portal.app, { method: 'GET', url: `/house/api/session?token=${demo.token}` });
    expect(demoSession.body.value.mode).toBe('demo');
    const played = await spin(demo.token);
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    expect(played.body.value.balance).not.toBeNull();
  });

  it('answers an expired or made-up session with session expired', async () => {
    const answer = await spin('x'.repeat(43));
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('SESSION_EXPIRED');
  });
});

/** The house wallet client, with the answers of chosen operations lost after the wallet acted on them. */
function losing(operations: string[]): () => Promise<SeamlessCaller> {
  const { wallet } = test.portal.app.houseGames;
  return async () => {
    const real = await wallet();
    return {
      callRaw: real.callRaw.bind(real),
      async call(operation, body, options) {
        const answer = await real.call(operation, body, options);
        if (operations.includes(operation)) throw new Error(`${operation} answer lost`);
        return answer;
      },
    } as SeamlessCaller;
  };
}

function roundsWith(wallet: () => Promise<SeamlessCaller>, random: RandomSource = new CryptoRandom()) {
  const { jackpot, clearing } = test.portal.app.houseGames;
  return new HouseRounds(test.portal.database.db, wallet, jackpot, clearing, random);
}

describe('house games: rounds left half-way are finished by the sweeper', () => {
  it('refunds a stake whose answer was lost, and the page’s retry then hears the round was cancelled', async () => {
    const { member, token } = await funded('20.00');
    const roundKey = randomUUID();
    const lost = roundsWith(losing(['bet']));
    await expect(lost.play(slotGame, { token, roundKey, betPerLine: '0.10' })).rejects.toMatchObject({
      code: 'GAME_UNAVAILABLE',
    });
    expect((await balanceOf(test, member)).cash).toBe('18.00');
    expect(await test.portal.app.houseGames.sweep(0)).toMatchObject({ finished: 1 });
    expect((await balanceOf(test, member)).cash).toBe('20.00');
    const retry = await spin(token, roundKey);
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe('ROUND_CANCELLED');
    expect((await balanceOf(test, member)).cash).toBe('20.00');
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('pays a confirmed stake whose win was not delivered', async () => {
    const { member, token } = await funded('20.00');
    const roundKey = randomUUID();
    await expect(
      roundsWith(losing(['win'])).play(slotGame, { token, roundKey, betPerLine: '0.10' }),
    ).rejects.toMatchObject({ code: 'GAME_UNAVAILABLE' });
    await test.portal.app.houseGames.sweep(0);
    const settled = await spin(token, roundKey);
    expect(settled.status).toBe(200);
    expect((await balanceOf(test, member)).cash).toBe(settled.body.value.balance);
    expect(Number(settled.body.value.balance)).toBeCloseTo(18 + Number(settled.body.value.win), 2);
  });
});

describe('house games: the progressive jackpot', () => {
  it('is funded by a share of real-money stakes and paid whole through the wallet when hit, then reseeded', async () => {
    const pool = async () => (await call(test.portal.app, { method: 'GET', url: '/house/api/jackpot' })).body.value;
    const { member, token } = await funded('100.00');
    const before = Number((await pool()).amount);
    expect(before).toBeGreaterThanOrEqual(1000);
    await spin(token, randomUUID(), '1.00');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const funded1 = Number((await pool()).amount);
    expect(funded1).toBeCloseTo(before + 0.2, 2);

    const crypto = new CryptoRandom();
    const alwaysHits: RandomSource = { below: (n) => (n === JACKPOT_ODDS_PER_MINOR ? 0 : crypto.below(n)) };
    const won = await roundsWith(test.portal.app.houseGames.wallet, alwaysHits).play(slotGame, {
      token,
      roundKey: randomUUID(),
      betPerLine: '0.01',
    });
    expect(Number(won.jackpotWin)).toBeCloseTo(funded1 + 0.002 - (0.002 % 0.01), 1);
    expect((await balanceOf(test, member)).cash).toBe(won.balance);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await pool()).amount).toBe('1000.00');
    expect((await reconcile(test)).ok).toBe(true);
  });

  it('takes the share and seed the operator sets, and shows the operator the pool and its wins', async () => {
    const admin = (method: 'GET' | 'PATCH', url: string, payload?: Record<string, unknown>, headers = test.admin) =>
      call(test.portal.app, { method, url, headers, ...(payload ? { payload } : {}) });
    expect((await admin('GET', '/admin/api/jackpots', undefined, {})).status).toBe(401);
    const [before] = (await admin('GET', '/admin/api/jackpots')).body.value;
    expect(before).toMatchObject({ code: 'house_slot', currency: 'BDT', shareBp: 100, seed: '1000.00' });
    expect((await admin('PATCH', '/admin/api/jackpots/house_slot', { seed: 'lots' })).status).toBe(400);
    expect((await admin('PATCH', '/admin/api/jackpots/house_slot', { shareBp: 1001 })).status).toBe(400);
    expect((await admin('PATCH', '/admin/api/jackpots/nope', { shareBp: 10 })).status).toBe(404);
    const changed = await admin('PATCH', '/admin/api/jackpots/house_slot', { shareBp: 500, seed: '2000.00' });
    expect(changed.body.value).toMatchObject({ shareBp: 500, seed: '2000.00', amount: before.amount });

    const { token } = await funded('100.00');
    await spin(token, randomUUID(), '1.00');
    const [after] = (await admin('GET', '/admin/api/jackpots')).body.value;
    // 5 % of the 20.00 stake.
    expect(Number(after.amount)).toBeCloseTo(Number(before.amount) + 1, 2);
    await admin('PATCH', '/admin/api/jackpots/house_slot', { shareBp: 100, seed: '1000.00' });
  });
});

describe('house games: provably-fair dice and baccarat', () => {
  it('rolls from the committed seed pair, and the revealed seed recomputes every roll', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '10.00');
    const { token } = await launch(HOUSE_GAME_NODES.dice, member.headers);
    const seed = (await call(test.portal.app, { method: 'GET', url: `/house/api/dice/seed?token=${token}` })).body
      .value;
    expect(seed.nonce).toBe(0);
    const rolled = await post('dice/roll', {
      token,
      roundKey: randomUUID(),
      amount: '1.00',
      direction: 'under',
      target: 5000,
    });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.value).toMatchObject({ serverSeedHash: seed.serverSeedHash, nonce: 0 });
    const rotateBody = { token, clientSeed: 'my-own-seed', serverSeedHash: seed.serverSeedHash };
    const rotated = (await post('dice/rotate', rotateBody)).body.value;
    // Its answer lost, the page sends the same body again: the same reveal, and no second rotation.
    expect((await post('dice/rotate', rotateBody)).body.value).toEqual(rotated);
    const unknown = await post('dice/rotate', { ...rotateBody, serverSeedHash: 'f'.repeat(64) });
    expect(unknown.status).toBe(400);
    expect(rotated.revealed.serverSeedHash).toBe(seed.serverSeedHash);
    expect(await hashServerSeed(rotated.revealed.serverSeed)).toBe(seed.serverSeedHash);
    expect(await diceRoll(rotated.revealed.serverSeed, seed.clientSeed, 0)).toBe(rolled.body.value.roll);
    expect(rotated.next).toMatchObject({ clientSeed: 'my-own-seed', nonce: 0 });
    // A page opened again finds the pair it can no longer see.
    const revealed = await call(test.portal.app, { method: 'GET', url: `/house/api/dice/revealed?token=${token}` });
    expect(revealed.body.value.list).toEqual([rotated.revealed]);
    const won = rolled.body.value.roll < 5000;
    expect(rolled.body.value.win).toBe(won ? '1.98' : '0.00');
    expect((await balanceOf(test, member)).cash).toBe(rolled.body.value.balance);

    const freeKey = randomUUID();
    const free = await post('dice/roll', {
      freeKey,
      roundKey: randomUUID(),
      amount: '5.00',
      direction: 'over',
      target: 5000,
    });
    expect(free.body.value, JSON.stringify(free.body)).toMatchObject({ balance: null, nonce: 0 });
    const freeSeed = (await call(test.portal.app, { method: 'GET', url: `/house/api/dice/seed?freeKey=${freeKey}` }))
      .body.value;
    const freeRotate = { freeKey, clientSeed: 'free-seed', serverSeedHash: freeSeed.serverSeedHash };
    const freeRotated = (await post('dice/rotate', freeRotate)).body.value;
    expect(freeRotated.revealed).toMatchObject({ serverSeedHash: freeSeed.serverSeedHash, rolls: 1 });
    expect((await post('dice/rotate', freeRotate)).body.value).toEqual(freeRotated);
    const freeRevealed = await call(test.portal.app, {
      method: 'GET',
      url: `/house/api/dice/revealed?freeKey=${freeKey}`,
    });
    expect(freeRevealed.body.value.list).toEqual([freeRotated.revealed]);
  });

  it('deals baccarat for the stakes on the spots and pays what the table says', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '100.00');
    const { url, token } = await launch(HOUSE_GAME_NODES.baccarat, member.headers);
    expect(url.pathname).toBe('/house/baccarat');
    const refused = await post('baccarat/deal', { token, roundKey: randomUUID(), bets: { dragon: '10.00' } });
    expect(refused.status).toBe(400);
    const dealt = await post('baccarat/deal', {
      token,
      roundKey: randomUUID(),
      bets: { banker: '20.00', tie: '10.00' },
    });
    expect(dealt.status, JSON.stringify(dealt.body)).toBe(200);
    const round = dealt.body.value;
    expect(round.stake).toBe('30.00');
    const banker = round.outcome === 'banker' ? '39.00' : round.outcome === 'tie' ? '20.00' : '0.00';
    const tie = round.outcome === 'tie' ? '90.00' : '0.00';
    expect(round.settlements).toEqual([
      { spot: 'banker', stake: '20.00', win: banker },
      { spot: 'tie', stake: '10.00', win: tie },
    ]);
    expect(Number(round.balance)).toBeCloseTo(70 + Number(banker) + Number(tie), 2);
  });

  it('lists the card rooms with their limits and players, and holds every spot to its room’s limits', async () => {
    const rooms = async () =>
      (await call(test.portal.app, { method: 'GET', url: '/wps/relay/GLS2_roomList?language=en' })).body.value.list;
    const before = await rooms();
    expect(before.map((r: { roomId: string }) => r.roomId)).toEqual(['BAC-CLASSIC', 'BAC-VIP']);
    expect(before[1]).toMatchObject({ nodeId: 'HOUSE-PVP-BACCARAT', roomName: 'VIP table', minBet: '100.00' });

    const member = await walletMember(test);
    await adjust(test, member.username, '500.00');
    const { token } = await launch(HOUSE_GAME_NODES.baccarat, member.headers);
    const deal = (room: string, stake: string) =>
      post('baccarat/deal', { token, roundKey: randomUUID(), room, bets: { player: stake } });
    expect((await deal('BAC-VIP', '50.00')).status).toBe(400);
    expect((await deal('BAC-CLASSIC', '5000.01')).status).toBe(400);
    expect((await deal('NO-SUCH-ROOM', '50.00')).status).toBe(400);
    expect((await balanceOf(test, member)).cash).toBe('500.00');
    expect((await deal('BAC-VIP', '100.00')).status).toBe(200);
    // The count is kept a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const after = await rooms();
    expect(after[1].players).toBe(before[1].players + 1);
    expect(after[1].gameName).toBe('Royal Baccarat');

    // A game the operator switched off lists no rooms.
    const switchGame = (enabled: boolean) =>
      call(test.portal.app, {
        method: 'PATCH',
        url: '/admin/api/games/HOUSE-PVP-BACCARAT',
        headers: test.admin,
        payload: { enabled },
      });
    expect((await switchGame(false)).status).toBe(200);
    expect(await rooms()).toEqual([]);
    expect((await switchGame(true)).status).toBe(200);
  });

  it('lets the operator rename a card room, change its limits and switch it off, and applies them at once', async () => {
    const configure = (roomId: string, payload: Record<string, unknown>) =>
      call(test.portal.app, {
        method: 'PATCH',
        url: `/admin/api/card-rooms/${roomId}`,
        headers: test.admin,
        payload,
      });
    const rooms = async () =>
      (await call(test.portal.app, { method: 'GET', url: '/wps/relay/GLS2_roomList?language=en' })).body.value.list;
    const member = await walletMember(test);
    await adjust(test, member.username, '1000.00');
    const { token } = await launch(HOUSE_GAME_NODES.baccarat, member.headers);
    const deal = (room: string, stake: string) =>
      post('baccarat/deal', { token, roundKey: randomUUID(), room, bets: { banker: stake } });

    const saved = await configure('BAC-VIP', { minBet: '200.00', names: { en: 'High roller', bn: 'হাই রোলার' } });
    expect(saved.status).toBe(200);
    expect(saved.body.value).toMatchObject({ roomId: 'BAC-VIP', minBet: '200.00', maxBet: '50000.00', enabled: true });
    expect((await rooms())[1]).toMatchObject({ roomName: 'High roller', minBet: '200.00' });
    expect((await deal('BAC-VIP', '150.00')).status).toBe(400);
    const roundKey = randomUUID();
    const dealt = await post('baccarat/deal', { token, roundKey, room: 'BAC-VIP', bets: { banker: '200.00' } });
    expect(dealt.status).toBe(200);
    // A retry of a played round gets that round even after the table's limits moved past its stake.
    expect((await configure('BAC-VIP', { minBet: '300.00' })).status).toBe(200);
    const retried = await post('baccarat/deal', { token, roundKey, room: 'BAC-VIP', bets: { banker: '200.00' } });
    expect(retried.body.value).toEqual(dealt.body.value);
    expect((await configure('BAC-VIP', { minBet: '200.00' })).status).toBe(200);

    // Limits out of order, an unknown room, a bad amount: refused, and nothing changes.
    expect((await configure('BAC-VIP', { maxBet: '100.00' })).status).toBe(400);
    expect((await configure('BAC-VIP', { minBet: '0.00' })).status).toBe(400);
    expect((await configure('BAC-VIP', { minBet: '1.234' })).status).toBe(400);
    expect((await configure('BAC-NONE', { enabled: false })).status).toBe(404);
    expect((await rooms())[1]).toMatchObject({ minBet: '200.00', maxBet: '50000.00' });

    expect((await configure('BAC-VIP', { enabled: false })).status).toBe(200);
    expect((await rooms()).map((r: { roomId: string }) => r.roomId)).toEqual(['BAC-CLASSIC']);
    expect((await deal('BAC-VIP', '200.00')).status).toBe(400);
    const all = await call(test.portal.app, { method: 'GET', url: '/admin/api/card-rooms', headers: test.admin });
    expect(all.body.value.map((r: { roomId: string; enabled: boolean }) => [r.roomId, r.enabled])).toEqual([
      ['BAC-CLASSIC', true],
      ['BAC-VIP', false],
    ]);

    await configure('BAC-VIP', { enabled: true, minBet: '100.00', names: { en: 'VIP table', bn: 'ভিআইপি টেবিল' } });
    expect((await rooms())[1]).toMatchObject({ roomName: 'VIP table', minBet: '100.00' });
    const visitor = await call(test.portal.app, { method: 'PATCH', url: '/admin/api/card-rooms/BAC-VIP', payload: {} });
    expect(visitor.status).toBe(401);
  });
});
