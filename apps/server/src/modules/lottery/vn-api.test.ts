import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../common/passwords.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import { adjust, balanceOf, type WalletMember, walletMember } from '../../test/wallet.ts';

// Results by operators' entry: the lottery's own tick then never draws a Vietnamese draw, so these tests decide when.
const context = useTestPortal({ LOTTERY_VN_RESULTS: 'operator' });

const SECOND = { username: 'operator2', password: 'another correct horse battery' };
let member: WalletMember;
let second: Record<string, string>;

/** A full northern table in which 07 is the tail of two prizes (G2 22207 and G7 07). */
const NORTH = {
  DB: ['12345'],
  G1: ['67890'],
  G2: ['11145', '22207'],
  G3: ['33312', '44423', '55534', '66645', '77756', '88867'],
  G4: ['1278', '3489', '5690', '7801'],
  G5: ['2345', '4545', '6712', '8923', '0134', '2356'],
  G6: ['345', '678', '901'],
  G7: ['45', '07', '89', '12'],
};

beforeAll(async () => {
  const { app, database } = context.portal;
  // A second operator, as admin.test.ts adds one: there is no call that creates operators.
  await database.db
    .insertInto('admin_users')
    .values({ username: SECOND.username, password_hash: await hashPassword(SECOND.password) })
    .execute();
  const login = await call(app, { method: 'POST', url: '/admin/api/session', payload: SECOND });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  second = { authorization: `Bearer ${login.body.value.token}` };
  member = await walletMember(context);
  await adjust(context, member.username, '10000.00');
  await app.lottery.vn.openAhead();
});

const weekdayOf = (numero: string) =>
  new Date(
    Date.UTC(Number(numero.slice(0, 4)), Number(numero.slice(4, 6)) - 1, Number(numero.slice(6, 8))),
  ).getUTCDay() + 1;

async function opened(gameId: string, count = 3) {
  const { status, body } = await call(context.portal.app, {
    method: 'GET',
    url: `/lgw/vn/numeros/opened/game?gameId=${gameId}&count=${count}`,
  });
  expect(status).toBe(200);
  return body.value as { numero: string; lockTime: string; winningTime: string; serverSeedHash: string }[];
}

const bet = (payload: Record<string, unknown>, headers: Record<string, string> = EN) =>
  call(context.portal.app, {
    method: 'POST',
    url: '/lotto/lgw/bets',
    headers: { ...member.headers, ...headers, 'idempotency-key': randomUUID() },
    payload: { gameId: 'VN_MB', betType: 'lo2', selection: '07', stake: '27.00', multiple: 2, ...payload },
  });

describe('Vietnamese lottery API', () => {
  it('lists the games by region with their draw weekday', async () => {
    const { app } = context.portal;
    const menu = await call(app, { method: 'GET', url: '/lgw/vn/games/game_menu?prizeMode=Elott&device=WEB' });
    expect(menu.status).toBe(200);
    const tags = menu.body.value as { tag: string; gameMenus: Record<string, unknown>[] }[];
    expect(tags.map((tag) => tag.tag)).toEqual(['NORTH', 'SOUTH', 'CENTRAL']);
    const [north, south, central] = tags;
    expect(north?.gameMenus).toHaveLength(1);
    expect(north?.gameMenus[0]).toMatchObject({ gameId: 'VN_MB', gameGroupCode: 'VN', gameMenuTag: 'NORTH' });
    expect(north?.gameMenus[0]?.drawDayOfWeek).toBeNull();
    expect(north?.gameMenus[0]?.lockTime).toBe(900);
    expect(south?.gameMenus).toHaveLength(21);
    expect(central?.gameMenus).toHaveLength(14);
    for (const game of [...(south?.gameMenus ?? []), ...(central?.gameMenus ?? [])]) {
      expect(game.drawDayOfWeek).toBe(weekdayOf(game.numero as string));
      expect(game.remainTime as number).toBeGreaterThan(0);
    }
    // Each weekday has its three or four southern provinces.
    for (let day = 1; day <= 7; day++) {
      const count = (south?.gameMenus ?? []).filter((game) => game.drawDayOfWeek === day).length;
      expect(count, `weekday ${day}`).toBeLessThanOrEqual(4);
    }
    // The popular list shows a province under the weekday of its open draw too.
    const popular = await call(app, { method: 'GET', url: '/lgw/games/popular?count=20' });
    const provinces = (popular.body.value as Record<string, unknown>[]).filter(
      (game) => game.gameGroupCode === 'VN' && game.gameMenuTag !== 'NORTH',
    );
    expect(provinces.length).toBeGreaterThan(0);
    for (const game of provinces) expect(game.drawDayOfWeek).toBe(weekdayOf(game.numero as string));
    const bad = await call(app, { method: 'GET', url: '/lgw/vn/games/game_menu?prizeMode=XX' });
    expect(bad.status).toBe(400);
  });

  it("shows a game's prize table, prices and house edges, and only a Vietnamese game's open draws here", async () => {
    const { app } = context.portal;
    const mb = await call(app, { method: 'GET', url: '/lotto/lgw/games/VN_MB', headers: EN });
    expect(mb.status).toBe(200);
    const vn = mb.body.value.vn;
    expect(vn).toMatchObject({ region: 'north', source: 'operator' });
    expect(vn.prizes.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(27);
    expect(vn.betTypes.find((type: { betType: string }) => type.betType === 'lo2')).toEqual({
      betType: 'lo2',
      numbers: 1,
      digits: 2,
      counts: 27,
      pricePerPoint: '27.00',
      payoutPerPoint: '95.00',
      houseEdge: '0.050000',
    });
    expect(vn.betTypes.find((type: { betType: string }) => type.betType === 'lo3')).toMatchObject({ counts: 23 });
    const hcm = await call(app, { method: 'GET', url: '/lotto/lgw/games/VN_HCM' });
    expect(hcm.body.value.vn.prizes.map((row: { prize: string }) => row.prize)).toEqual([
      'G8',
      'G7',
      'G6',
      'G5',
      'G4',
      'G3',
      'G2',
      'G1',
      'DB',
    ]);
    expect(hcm.body.value.vn.betTypes.find((type: { betType: string }) => type.betType === 'lo2')).toMatchObject({
      counts: 18,
      pricePerPoint: '18.00',
    });
    const draws = await opened('VN_MB');
    expect(draws).toHaveLength(3);
    expect(draws.every((draw) => /^[0-9]{8}$/.test(draw.numero))).toBe(true);
    const fast = await call(app, { method: 'GET', url: '/lgw/vn/numeros/opened/game?gameId=WINGO_1M' });
    expect(fast.status).toBe(404);
  });

  it('takes a bet before the lock at the current price only, and refuses one after it', async () => {
    const { app, database } = context.portal;
    const [, next] = await opened('VN_MB');
    const numero = next?.numero as string;
    const cashBefore = (await balanceOf(context, member)).cash;
    const changed = await bet({ numero, stake: '26.00' });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({ code: 'LOTTERY_PRICE_CHANGED' });
    expect(changed.body.message).toContain('27.00');
    expect((await bet({ numero, selection: '7' })).body.code).toBe('LOTTERY_BET_INVALID');
    expect((await bet({ numero, betType: 'xien2', selection: '12,07', stake: '1.00' })).body.code).toBe(
      'LOTTERY_BET_INVALID',
    );
    expect((await balanceOf(context, member)).cash).toBe(cashBefore);

    const placed = await bet({ numero, betType: 'xien2', selection: '07,12', stake: '1.00', multiple: 3 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.value).toMatchObject({ gameId: 'VN_MB', numero, amount: '3.00', status: 'pending' });

    // The draw's lock passes (the clock is the real one: its lock time is moved instead).
    await database.db
      .updateTable('lottery_draws')
      .set({ lock_at: new Date(Date.now() - 60_000) })
      .where('game_code', '=', 'VN_MB')
      .where('numero', '=', numero)
      .execute();
    const cashAtLock = (await balanceOf(context, member)).cash;
    const late = await bet({ numero });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'DRAW_LOCKED', message: 'Betting on this draw has closed' });
    const lateBn = await bet({ numero }, { 'accept-language': 'bn' });
    expect(lateBn.body.message).toBe('এই ড্রয়ে বাজি ধরা বন্ধ হয়ে গেছে');
    expect((await balanceOf(context, member)).cash).toBe(cashAtLock);
    await app.lottery.draws.lockDue();
  });

  it('draws and settles only when a second operator confirms the entered results, paying lô twice', async () => {
    const { app, database } = context.portal;
    // A draw whose lock is hours away, whatever the time of the run: the day's own draw may lock (18:00 in Vietnam)
    // while this test runs; the test moves this draw's times itself.
    const draw = (await opened('VN_MB', 5)).find((open) => Date.parse(open.lockTime) > Date.now() + 3_600_000);
    const numero = draw?.numero as string;
    const before = BigInt((await balanceOf(context, member)).cash.replace('.', ''));
    const won = await bet({ numero }); // lô 07, 2 points: 54.00
    const lost = await bet({ numero, betType: 'de', selection: '07', stake: '1.00', multiple: 5 });
    expect([won.status, lost.status]).toEqual([200, 200]);

    const url = `/admin/api/lottery/vn/draws/VN_MB/${numero}/results`;
    const enter = (prizes: unknown, headers = context.admin) =>
      call(app, { method: 'POST', url, headers: { ...headers, ...EN }, payload: { prizes } });
    const confirm = (headers: Record<string, string>) =>
      call(app, { method: 'POST', url: `${url}/confirm`, headers: { ...headers, ...EN } });

    // Before its draw time a draw takes no results.
    expect((await enter(NORTH)).body.code).toBe('LOTTERY_VN_NOT_DUE');
    await database.db
      .updateTable('lottery_draws')
      .set({ lock_at: new Date(Date.now() - 16 * 60_000), draw_at: new Date(Date.now() - 60_000) })
      .where('game_code', '=', 'VN_MB')
      .where('numero', '=', numero)
      .execute();

    const short = await enter({ ...NORTH, G3: ['33312'] });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      code: 'LOTTERY_VN_PRIZES_INVALID',
      message: 'These results do not fit the prize table: G3: 6 numbers',
    });
    expect((await enter({ ...NORTH, G8: ['12'] })).status).toBe(400);
    expect((await confirm(second)).body.code).toBe('LOTTERY_VN_ENTRY_NOT_FOUND');

    const entered = await enter(NORTH);
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body.value).toMatchObject({ confirmed: false, enteredBy: 'admin:operator' });
    // Not drawn on one operator's word.
    const same = await confirm(context.admin);
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({ code: 'LOTTERY_VN_SAME_OPERATOR' });
    const pending = await database.db
      .selectFrom('lottery_draws')
      .select(['id', 'status'])
      .where('game_code', '=', 'VN_MB')
      .where('numero', '=', numero)
      .executeTakeFirstOrThrow();
    expect(pending.status).not.toBe('drawn');

    const confirmed = await confirm(second);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.value).toMatchObject({ confirmed: true, enteredBy: 'admin:operator' });
    expect((await confirm(second)).body.code).toBe('LOTTERY_VN_NOT_DUE');

    // The settlement job sent with the draw starts at once and may hold the bets (SKIP LOCKED) while this call runs on
    // another connection of PostgreSQL: settling here is a no-op for whatever it already paid, and is repeated until no
    // bet is left pending, so the reads below never see the job's batch in flight.
    await expect
      .poll(async () => (await app.lottery.settlement.settle(pending.id)).complete, { timeout: 30_000, interval: 100 })
      .toBe(true);
    const mine = await call(app, { method: 'GET', url: '/lotto/lgw/bets?pageSize=10', headers: member.headers });
    const byId = new Map(mine.body.value.list.map((row: { betId: string }) => [row.betId, row]));
    expect(byId.get(won.body.value.betId)).toMatchObject({ status: 'won', payout: '380.00' });
    expect(byId.get(lost.body.value.betId)).toMatchObject({ status: 'lost', payout: '0.00' });
    const after = BigInt((await balanceOf(context, member)).cash.replace('.', ''));
    // 54.00 and 5.00 staked; lô 07 appears twice: 2 points × 95.00 × 2 = 380.00.
    expect(after - before).toBe(38_000n - 5_400n - 500n);

    const results = await call(app, { method: 'GET', url: '/lotto/lgw/games/VN_MB/results?pageSize=5' });
    const row = results.body.value.list.find((draw: { numero: string }) => draw.numero === numero);
    expect(row.result).toEqual({ prizes: NORTH, source: 'operator' });
    expect(['drawn', 'settled']).toContain(row.status);
    // Official results come from no seed: the verify call recomputes nothing for them.
    const verify = await call(app, { method: 'GET', url: `/lotto/lgw/games/VN_MB/draws/${numero}/verify` });
    expect(verify.body.value).toMatchObject({ result: { source: 'operator' }, recomputed: null });
    // The fast games' menu leaves the Vietnamese games to their own.
    const fast = await call(app, { method: 'GET', url: '/lgw/games/game_menus' });
    expect(
      fast.body.value.flatMap((tag: { gameMenus: { gameGroupCode: string }[] }) => tag.gameMenus),
    ).not.toContainEqual(expect.objectContaining({ gameGroupCode: 'VN' }));

    const audit = await call(app, {
      method: 'GET',
      url: '/admin/api/audit?action=lottery.vn.results&limit=20',
      headers: context.admin,
    });
    const rows = (audit.body.value as { actor: string; action: string; detail: { numero: string } }[]).filter(
      (entry) => entry.detail.numero === numero,
    );
    expect(rows.map((entry) => [entry.action, entry.actor])).toEqual([
      ['lottery.vn.results.confirmed', 'admin:operator2'],
      ['lottery.vn.results.entered', 'admin:operator'],
    ]);
  });
});
