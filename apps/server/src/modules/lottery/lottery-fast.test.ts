import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import { adjust, balanceOf, type WalletMember, walletMember } from '../../test/wallet.ts';
import { Ledger } from '../wallet/ledger.ts';
import { LotteryBets, type SlipRequest } from './bets.ts';
import { LotteryDraws } from './draws.ts';
import { LotterySettlement } from './settlement.ts';

const context = useTestPortal();

/** A clock of its own, years ahead, so that the draws made here are never due for the app's own lottery job. */
let clock = Date.UTC(2032, 0, 1, 0, 0, 0);
const now = () => clock;

function services() {
  const db = context.portal.database.db;
  const ledger = new Ledger(db);
  const { catalogue } = context.portal.app.lottery;
  const house = () => ledger.systemAccount('lottery:house:bdt', 'house', 'BDT');
  const draws = new LotteryDraws(db, catalogue, async () => {}, now);
  const bets = new LotteryBets(db, ledger, catalogue, house, now);
  const settlement = new LotterySettlement(db, ledger, catalogue, house);
  return { db, catalogue, draws, bets, settlement };
}

let lottery: ReturnType<typeof services>;
let members: WalletMember[];

beforeAll(async () => {
  lottery = services();
  members = [];
  for (let i = 0; i < 3; i++) {
    const member = await walletMember(context);
    await adjust(context, member.username, '100000.00');
    members.push(member);
  }
});

const cash = async (member: WalletMember) => (await balanceOf(context, member)).cash;
const minor = (text: string) => BigInt(text.replace('.', ''));
const member = (i: number) => members[i] as WalletMember;

async function drawAt(game: string, atMs: number) {
  clock = atMs;
  await lottery.draws.openAhead(3);
  return lottery.db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_code', '=', game)
    .where('open_at', '<=', new Date(atMs))
    .where('draw_at', '>', new Date(atMs))
    .executeTakeFirstOrThrow();
}

const item = (betType: string, selection: string, stake = '10.00', multiple = 1) => ({
  betType,
  selection,
  stake,
  multiple,
});

let lastSlipKey = '';
const slip = (who: WalletMember, gameId: string, numero: string, items: SlipRequest['items']) => {
  lastSlipKey = randomUUID();
  return lottery.bets.placeSlip(who.id, lastSlipKey, { gameId, numero, items });
};

describe('popular and recent games, prize modes', () => {
  it('lists the games most members played first, and a member the games played last first', async () => {
    const app = context.portal.app;
    const lhc = await drawAt('LHC_5M', Date.UTC(2032, 0, 1, 0, 1, 0));
    const elevenFive = await drawAt('11X5_3M', Date.UTC(2032, 0, 1, 0, 1, 0));
    const ssc = await drawAt('SSC_1M', Date.UTC(2032, 0, 1, 0, 1, 0));
    for (const who of members) await slip(who, 'LHC_5M', lhc.numero, [item('main', '07')]);
    await slip(member(1), '11X5_3M', elevenFive.numero, [item('first', '03')]);
    await slip(member(0), '11X5_3M', elevenFive.numero, [item('first', '04')]);
    await slip(member(0), 'SSC_1M', ssc.numero, [item('sum_size', 'big')]);
    // Three players, two, one; then the games nobody played, in menu order.
    const popular = await call(app, { method: 'GET', url: '/lgw/games/popular?count=5&prizeMode=Elott', headers: EN });
    expect(popular.status).toBe(200);
    expect(popular.body.value.map((game: { gameId: string }) => game.gameId)).toEqual([
      'LHC_5M',
      '11X5_3M',
      'SSC_1M',
      'WINGO_30S',
      'WINGO_1M',
    ]);
    expect(popular.body.value[0]).toMatchObject({
      gameGroupCode: 'LHC',
      gameMenuTag: 'LHC',
      remark: 'Mark Six 5 minutes',
      lockTime: 10,
      drawDayOfWeek: null,
    });
    for (const field of ['numero', 'remainTime', 'winningTime']) expect(popular.body.value[0]).toHaveProperty(field);
    const bn = await call(app, { method: 'GET', url: '/lgw/games/popular?count=1&language=bn' });
    expect(bn.body.value[0].remark).toBe('মার্ক সিক্স ৫ মিনিট');

    const recent = await call(app, {
      method: 'GET',
      url: '/lgw/vn/games/game_menu/recent?prizeMode=Lott&device=WEB&recentCount=100',
      headers: { ...member(0).headers, ...EN },
    });
    expect(recent.status).toBe(200);
    expect(recent.body.value.map((game: { gameId: string }) => game.gameId)).toEqual(['SSC_1M', '11X5_3M', 'LHC_5M']);
    const two = await call(app, {
      method: 'GET',
      url: '/lgw/vn/games/game_menu/recent?recentCount=2',
      headers: member(0).headers,
    });
    expect(two.body.value).toHaveLength(2);
    expect((await call(app, { method: 'GET', url: '/lgw/vn/games/game_menu/recent' })).status).toBe(401);

    for (const mode of ['Lott', 'ZY', 'Elott', 'SEA']) {
      const menus = await call(app, { method: 'GET', url: `/lgw/games/game_menus?prizeMode=${mode}` });
      expect(menus.status, mode).toBe(200);
      // Every prize mode lists every game.
      const tags = menus.body.value.map((menu: { tag: string }) => menu.tag);
      expect(tags).toEqual(['WINGO', 'K3', '5D', 'SSC', '11X5', 'PK10', 'LHC']);
    }
    for (const url of [
      '/lgw/games/game_menus?prizeMode=LOTTO',
      '/lgw/games/popular?prizeMode=elott',
      '/lgw/games/popular?count=0',
    ]) {
      const refused = await call(app, { method: 'GET', url, headers: EN });
      expect(refused.status, url).toBe(400);
      expect(refused.body.success).toBe(false);
    }
    const badRecent = await call(app, {
      method: 'GET',
      url: '/lgw/vn/games/game_menu/recent?prizeMode=VN',
      headers: member(0).headers,
    });
    expect(badRecent.status).toBe(400);
  });
});

describe('the fast groups settled from the seeded odds', () => {
  async function settleForced(drawId: string, result: unknown) {
    await lottery.db
      .updateTable('lottery_draws')
      .set({ status: 'drawn', result: JSON.stringify(result) })
      .where('id', '=', drawId)
      .execute();
    return lottery.settlement.settle(drawId);
  }

  const payouts = (drawId: string) =>
    lottery.db
      .selectFrom('lottery_bets')
      .select(['status', 'payout_minor'])
      .where('draw_id', '=', drawId)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((row) => [row.status, row.payout_minor]));

  it('stakes a slip with one journal entry and pays each bet type of each group by hand computation', async () => {
    const who = member(2);
    const at = Date.UTC(2032, 0, 2, 1, 0, 20);
    const before = minor(await cash(who));
    const fiveD = await drawAt('5D_1M', at);
    const placed = await slip(who, '5D_1M', fiveD.numero, [
      item('digit', 'A:7'), // 10 × 9.8 = 98.00
      item('sum_size', 'small', '10.00', 2), // sum 21: 20 × 1.96 = 39.20
      item('dragon_tiger', 'tie', '5.00'), // lost
      item('position_parity', 'D:odd', '1.01'), // 1.01 × 1.96 = 1.9796 → 1.97
    ]);
    expect(placed.totalAmount).toBe('36.01');
    expect(placed.bets.map((bet) => bet.amount)).toEqual(['10.00', '20.00', '5.00', '1.01']);
    expect(minor(await cash(who))).toBe(before - 36_01n);
    const entries = await lottery.db
      .selectFrom('journal_entries')
      .select(['idempotency_key', 'type'])
      .where('reference', '=', `lottery:5D_1M:${fiveD.numero}`)
      .execute();
    expect(entries).toEqual([{ idempotency_key: `lottery-slip:${who.id}:${lastSlipKey}`, type: 'bet' }]);
    expect((await settleForced(fiveD.id, { digits: [7, 0, 3, 9, 2] })).paid).toBe(98_00n + 39_20n + 1_97n);
    expect(await payouts(fiveD.id)).toEqual([
      ['won', '9800'],
      ['won', '3920'],
      ['lost', '0'],
      ['won', '197'],
    ]);

    const elevenFive = await drawAt('11X5_3M', at);
    await slip(who, '11X5_3M', elevenFive.numero, [
      item('any3', '02,07,11'), // 10 × 16 = 160.00
      item('any2', '01,02'), // lost
      item('first', '07'), // 10 × 10.67 = 106.70
    ]);
    expect((await settleForced(elevenFive.id, { balls: [7, 2, 11, 5, 9] })).paid).toBe(160_00n + 106_70n);

    const pk10 = await drawAt('PK10_1M', at);
    await slip(who, 'PK10_1M', pk10.numero, [
      item('position', '1:08'), // 98.00
      item('sum12', '11'), // 8 + 3: 87.30
      item('dragon_tiger', '2v9:dragon'), // 3 below 7: lost
      item('champion_parity', 'even'), // 19.60
    ]);
    expect((await settleForced(pk10.id, { ranking: [8, 3, 10, 1, 6, 2, 9, 4, 7, 5] })).paid).toBe(
      98_00n + 87_30n + 19_60n,
    );

    const lhc = await drawAt('LHC_5M', at);
    await slip(who, 'LHC_5M', lhc.numero, [
      item('special', '49', '2.00'), // 2 × 47.5 = 95.00
      item('special_size', 'big'), // 49 loses size
      item('main', '22'), // 80.00
    ]);
    expect((await settleForced(lhc.id, { numbers: [3, 17, 22, 31, 40, 48], special: 49 })).paid).toBe(95_00n + 80_00n);
  });
});

describe('the bet slip over HTTP', () => {
  it('places all items or none, answers a replay with the same bets and refuses its key with another slip', async () => {
    const app = context.portal.app;
    const who = member(1);
    await app.lottery.draws.openAhead(3);
    const open = await call(app, { method: 'GET', url: '/lotto/lgw/games/opened/numero?gameId=PK10_1M&count=3' });
    // The draw after next: its lock is a minute away at least.
    const numero = open.body.value[1].numero as string;
    const before = await cash(who);
    const post = (items: unknown[], key = randomUUID(), extra: Record<string, unknown> = {}) =>
      call(app, {
        method: 'POST',
        url: '/lotto/lgw/bets/slip',
        headers: { ...who.headers, ...EN, 'idempotency-key': key },
        payload: { gameId: 'PK10_1M', numero, items, ...extra },
      });
    const good = [item('position', '3:07'), item('champion_size', 'big', '5.00', 3)];

    const badKey = randomUUID();
    const bad = await post([...good, item('position', '11:01')], badKey);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'LOTTERY_BET_INVALID',
      message: 'This bet is not valid: selection',
      value: { item: 2 },
    });
    const tooSmall = await post([...good, item('position', '3:08', '0.50')]);
    expect(tooSmall.body.code).toBe('LOTTERY_STAKE_INVALID');
    expect((await post([])).status).toBe(400);
    expect((await post(Array.from({ length: 51 }, () => item('position', '1:01')))).status).toBe(400);
    expect((await post(good, randomUUID(), { gameId: 'NOPE_1M' })).status).toBe(404);
    expect((await post(good, randomUUID(), { numero: '1' })).status).toBe(404);
    const unsigned = await call(app, {
      method: 'POST',
      url: '/lotto/lgw/bets/slip',
      headers: { 'idempotency-key': randomUUID() },
      payload: { gameId: 'PK10_1M', numero, items: good },
    });
    expect(unsigned.status).toBe(401);
    expect(await cash(who)).toBe(before);
    const written = await lottery.db
      .selectFrom('lottery_bets')
      .select('id')
      .where('request_key', 'like', `${badKey}%`)
      .execute();
    expect(written).toHaveLength(0);

    // Short of money for the whole slip, though not for its first item: nothing is placed.
    const poor = await walletMember(context);
    await adjust(context, poor.username, '20.00');
    const poorKey = randomUUID();
    const short = await call(app, {
      method: 'POST',
      url: '/lotto/lgw/bets/slip',
      headers: { ...poor.headers, 'idempotency-key': poorKey },
      payload: { gameId: 'PK10_1M', numero, items: good },
    });
    expect(short.status).toBeGreaterThanOrEqual(400);
    expect(short.status).toBeLessThan(500);
    expect(await cash(poor)).toBe('20.00');
    expect(
      await lottery.db.selectFrom('lottery_bets').select('id').where('member_id', '=', poor.id).execute(),
    ).toHaveLength(0);

    const key = randomUUID();
    const first = await post(good, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({ totalAmount: '25.00' });
    expect(first.body.value.bets).toHaveLength(2);
    expect(first.body.value.bets[1]).toMatchObject({
      gameId: 'PK10_1M',
      numero,
      betType: 'champion_size',
      selection: 'big',
      stake: '5.00',
      multiple: 3,
      amount: '15.00',
      status: 'pending',
    });
    const replay = await post(good, key);
    expect(replay.status).toBe(200);
    expect(replay.body.value.bets.map((bet: { betId: string }) => bet.betId)).toEqual(
      first.body.value.bets.map((bet: { betId: string }) => bet.betId),
    );
    expect(replay.body.value.totalAmount).toBe('25.00');
    const other = await post([good[0]], key);
    expect(other.status).toBe(409);
    // A longer slip under the key meets the first slip's bets with its first items: refused whole, nothing written.
    const longer = await post([...good, item('position', '3:07')], key);
    expect(longer.status, JSON.stringify(longer.body)).toBe(409);
    expect(longer.body.code).toBe('DUPLICATE_TRANSACTION');
    expect(minor(await cash(who))).toBe(minor(before) - 25_00n);

    // A single bet's key and a slip's key do not meet: the same key places a single bet of its own.
    const single = await call(app, {
      method: 'POST',
      url: '/lotto/lgw/bets',
      headers: { ...who.headers, 'idempotency-key': key },
      payload: { gameId: 'PK10_1M', numero, ...item('position', '3:07') },
    });
    expect(single.status).toBe(200);
  });
});

describe('operator endpoints', () => {
  const audited = (action: string) =>
    lottery.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  it('sets odds (existing keys only) and answers the new house edges, audited; a non-operator is refused', async () => {
    const app = context.portal.app;
    const put = (payload: Record<string, unknown>, headers = context.admin) =>
      call(app, { method: 'PUT', url: '/admin/api/lottery/games/5D_1M/odds', headers: { ...headers, ...EN }, payload });
    expect((await put({ odds: { digit: '9.7000' } }, member(0).headers)).status).toBe(401);
    expect((await put({ odds: { digit: '9.7000' } }, {})).status).toBe(401);
    const unknown = await put({ odds: { number: '9.0000' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'LOTTERY_ODDS_INVALID', message: 'These odds cannot be set: number' });
    for (const value of ['0', '0.0000', '-1', '1.23456', 'nine']) {
      expect((await put({ odds: { digit: value } })).body.code, value).toBe('LOTTERY_ODDS_INVALID');
    }
    expect((await put({ odds: {} })).status).toBe(400);
    expect((await lottery.catalogue.odds('5D_1M')).get('digit')).toBe(98000);

    const set = await put({ odds: { digit: '9.7', tie: '9.5000' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.value.odds).toMatchObject({ digit: '9.7000', tie: '9.5000', sum_size: '1.9600' });
    expect(set.body.value.betTypes).toContainEqual({ betType: 'digit', selection: 'C:4', houseEdge: '0.030000' });
    expect(set.body.value.betTypes).toContainEqual({
      betType: 'dragon_tiger',
      selection: 'tie',
      houseEdge: '0.050000',
    });
    // The other 5D-style game keeps its own odds.
    expect((await lottery.catalogue.odds('SSC_1M')).get('digit')).toBe(98000);
    const details = await call(app, { method: 'GET', url: '/lotto/lgw/games/5D_1M' });
    expect(details.body.value.odds.digit).toBe('9.7000');
    const [row] = await audited('lottery.odds.set');
    expect(row).toMatchObject({ actor: 'admin:operator' });
    expect(row?.detail).toEqual({
      gameId: '5D_1M',
      odds: { digit: { from: '9.8000', to: '9.7000' }, tie: { from: '9.6000', to: '9.5000' } },
    });
  });

  it('switches a game off and sets its limits, audited; refuses limits that do not fit', async () => {
    const app = context.portal.app;
    const put = (payload: Record<string, unknown>, headers = context.admin) =>
      call(app, { method: 'PUT', url: '/admin/api/lottery/games/SSC_1M', headers: { ...headers, ...EN }, payload });
    expect((await put({ enabled: false }, member(0).headers)).status).toBe(401);
    for (const payload of [{ minStake: '0' }, { minStake: '60000.00' }, { maxStake: '0.50' }, { minStake: 'x' }]) {
      const refused = await put(payload);
      expect(refused.status, JSON.stringify(payload)).toBe(400);
      expect(refused.body.code).toBe('LOTTERY_LIMITS_INVALID');
    }
    const off = await put({ enabled: false, minStake: '2.00', maxStake: '1000.00' });
    expect(off.body.value).toEqual({
      gameId: 'SSC_1M',
      name: 'SSC 1 minute',
      enabled: false,
      minStake: '2.00',
      maxStake: '1000.00',
    });
    const menus = await call(app, { method: 'GET', url: '/lgw/games/game_menus' });
    expect(menus.body.value.map((menu: { tag: string }) => menu.tag)).not.toContain('SSC');
    expect((await call(app, { method: 'GET', url: '/lotto/lgw/games/SSC_1M' })).status).toBe(404);
    const [row] = await audited('lottery.game.set');
    expect(row?.detail).toEqual({ gameId: 'SSC_1M', enabled: false, minStake: '2.00', maxStake: '1000.00' });

    const on = await put({ enabled: true });
    expect(on.body.value).toMatchObject({ enabled: true, minStake: '2.00', maxStake: '1000.00' });
    const game = await lottery.catalogue.game('SSC_1M');
    expect(game.minStakeMinor).toBe(200n);
    const draw = await drawAt('SSC_1M', Date.UTC(2032, 0, 3, 1, 0, 20));
    await expect(slip(member(0), 'SSC_1M', draw.numero, [item('sum_size', 'big', '1.00')])).rejects.toMatchObject({
      code: 'LOTTERY_STAKE_INVALID',
    });
  });

  it('cancels an open draw and its bets are refunded once by its settlement; refuses a drawn draw', async () => {
    const app = context.portal.app;
    const who = member(0);
    const draw = await drawAt('PK10_1M', Date.UTC(2032, 0, 4, 1, 0, 20));
    const before = minor(await cash(who));
    await slip(who, 'PK10_1M', draw.numero, [item('position', '1:01'), item('champion_size', 'small', '3.00')]);
    expect(minor(await cash(who))).toBe(before - 13_00n);
    const cancel = (
      numero: string,
      headers = context.admin,
      payload: Record<string, unknown> = { reason: 'feed outage' },
    ) =>
      call(app, {
        method: 'POST',
        url: `/admin/api/lottery/games/PK10_1M/draws/${numero}/cancel`,
        headers: { ...headers, ...EN },
        payload,
      });
    expect((await cancel(draw.numero, member(0).headers)).status).toBe(401);
    expect((await cancel(draw.numero, context.admin, {})).status).toBe(400);
    const done = await cancel(draw.numero);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value).toEqual({ gameId: 'PK10_1M', numero: draw.numero, status: 'cancelled' });
    // The settlement job was sent with the cancel, keyed by the draw.
    const job = await lottery.db
      .selectFrom('job_keys')
      .select('kind')
      .where('key', '=', `lottery-settle:${draw.id}`)
      .executeTakeFirst();
    expect(job?.kind).toBe('lottery.settle');
    const [row] = await audited('lottery.draw.cancelled');
    expect(row?.detail).toEqual({ gameId: 'PK10_1M', numero: draw.numero, drawId: draw.id, reason: 'feed outage' });
    // Whether the job or this call settles first, each bet is refunded once.
    await lottery.settlement.settle(draw.id);
    await lottery.settlement.settle(draw.id);
    expect(minor(await cash(who))).toBe(before);
    const statuses = await lottery.db
      .selectFrom('lottery_bets')
      .select('status')
      .where('draw_id', '=', draw.id)
      .execute();
    expect(statuses.map((bet) => bet.status)).toEqual(['refunded', 'refunded']);

    const again = await cancel(draw.numero);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'LOTTERY_DRAW_NOT_CANCELLABLE' });
    const next = await drawAt('PK10_1M', Date.UTC(2032, 0, 4, 2, 0, 20));
    await lottery.db
      .updateTable('lottery_draws')
      .set({ status: 'drawn', result: JSON.stringify({ ranking: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }) })
      .where('id', '=', next.id)
      .execute();
    const drawn = await cancel(next.numero);
    expect(drawn.status).toBe(409);
    expect(drawn.body.message).toBe('Only a draw not yet drawn can be cancelled');
    expect((await cancel('999999999999')).status).toBe(404);
  });
});
