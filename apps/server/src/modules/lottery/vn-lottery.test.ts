import { createHmac, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestPortal } from '../../test/harness.ts';
import { adjust, balanceOf, type WalletMember, walletMember } from '../../test/wallet.ts';
import { Ledger } from '../wallet/ledger.ts';
import { LotteryBets } from './bets.ts';
import { LotteryChases } from './chases.ts';
import { LotteryDraws } from './draws.ts';
import { LotterySettlement } from './settlement.ts';
import { DemoResultsFeed } from './vn-feed.ts';
import { VnLottery } from './vn-lottery.ts';
import type { VnPrizes } from './vn-rules.ts';
import { vnSlots } from './vn-schedule.ts';

const context = useTestPortal();

/** A clock of its own, years ahead, so that the app's own lottery job never finds these tests' draws due. */
let clock = Date.UTC(2031, 0, 6, 0, 0, 0);
const now = () => clock;
const DAY = 86_400_000;

function services() {
  const db = context.portal.database.db;
  const ledger = new Ledger(db);
  const { catalogue } = context.portal.app.lottery;
  const house = () => ledger.systemAccount('lottery:house:bdt', 'house', 'BDT');
  const sent: string[] = [];
  const send = async (_trx: unknown, drawId: string) => {
    sent.push(drawId);
  };
  const draws = new LotteryDraws(db, catalogue, send, now);
  const feed = new DemoResultsFeed(async (game, numero) => {
    const draw = await db
      .selectFrom('lottery_draws')
      .select('server_seed')
      .where('game_code', '=', game)
      .where('numero', '=', numero)
      .executeTakeFirst();
    return draw?.server_seed ?? null;
  });
  const audit = { record: async () => {}, event: async () => {} };
  const vn = new VnLottery(db, catalogue, draws, feed, 'demo', send, audit, now);
  const bets = new LotteryBets(db, ledger, catalogue, house, now);
  const chases = new LotteryChases(db, ledger, catalogue, house, now);
  const settlement = new LotterySettlement(db, ledger, catalogue, house);
  return { db, catalogue, draws, vn, bets, chases, settlement, sent };
}

let lottery: ReturnType<typeof services>;
let member: WalletMember;

beforeAll(async () => {
  lottery = services();
  member = await walletMember(context);
  await adjust(context, member.username, '1000000.00');
});

const drawOf = (game: string, numero: string) =>
  lottery.db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_code', '=', game)
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();

describe('Vietnamese lottery schedule', () => {
  it('lists the northern draw daily at 18:15 and each province on its weekdays, locked 15 minutes before', () => {
    // Monday 6 January 2031, 00:00 UTC (07:00 in Vietnam).
    const at = Date.UTC(2031, 0, 6, 0, 0, 0);
    const north = vnSlots({ region: 'north', drawDays: [], lockSeconds: 900 }, at, 14);
    expect(north).toHaveLength(14);
    expect(north[0]).toMatchObject({ numero: '20310106', dayOfWeek: 2 });
    expect(north[1]).toMatchObject({ numero: '20310107', dayOfWeek: 3 });
    expect(north[0]?.drawAt.toISOString()).toBe('2031-01-06T11:15:00.000Z');
    expect(north[0]?.lockAt.toISOString()).toBe('2031-01-06T11:00:00.000Z');
    expect(north[0]?.openAt.toISOString()).toBe('2031-01-05T11:15:00.000Z');
    // TP.HCM draws on Mondays and Saturdays at 16:15.
    const hcm = vnSlots({ region: 'south', drawDays: [2, 7], lockSeconds: 900 }, at, 14);
    expect(hcm.map((slot) => slot.numero)).toEqual(['20310106', '20310111', '20310113', '20310118']);
    expect(hcm.map((slot) => slot.dayOfWeek)).toEqual([2, 7, 2, 7]);
    expect(hcm[0]?.drawAt.toISOString()).toBe('2031-01-06T09:15:00.000Z');
    expect(hcm[1]?.openAt.toISOString()).toBe('2031-01-06T09:15:00.000Z');
    // Central at 17:15; a draw past its time is not listed (Monday 10:30 UTC is 17:30 in Vietnam).
    const hue = vnSlots({ region: 'central', drawDays: [1, 2], lockSeconds: 900 }, Date.UTC(2031, 0, 6, 10, 30), 7);
    expect(hue.map((slot) => [slot.numero, slot.dayOfWeek])).toEqual([['20310112', 1]]);
  });

  it('has the real weekly schedule: three or four southern provinces and two or three central ones a day', async () => {
    const games = await lottery.vn.games();
    for (let day = 1; day <= 7; day++) {
      const south = games.filter((game) => game.region === 'south' && game.drawDays.includes(day));
      const central = games.filter((game) => game.region === 'central' && game.drawDays.includes(day));
      expect(south.length).toBeGreaterThanOrEqual(3);
      expect(south.length).toBeLessThanOrEqual(4);
      expect(central.length).toBeGreaterThanOrEqual(2);
      expect(central.length).toBeLessThanOrEqual(3);
    }
    const monday = games.filter((game) => game.region === 'south' && game.drawDays.includes(2));
    expect(monday.map((game) => game.nameVi).sort()).toEqual(['Cà Mau', 'Đồng Tháp', 'TP. Hồ Chí Minh'].sort());
    expect(games.find((game) => game.code === 'VN_MB')?.names).toEqual({
      en: 'Northern lottery',
      bn: 'উত্তরের লটারি',
    });
  });
});

describe('Vietnamese draws', () => {
  it('opens 14 days ahead, locks at the lock time and draws the demo results from the committed seed', async () => {
    clock = Date.UTC(2031, 0, 6, 0, 0, 0);
    await lottery.vn.openAhead();
    const opened = await lottery.draws.opened('VN_MB', 100);
    expect(opened.map((draw) => draw.numero).slice(0, 2)).toEqual(['20310106', '20310107']);
    expect(opened).toHaveLength(14);
    // The house formula's pass leaves the Vietnamese draws alone.
    clock = Date.UTC(2031, 0, 6, 11, 20, 0);
    await lottery.draws.tick();
    expect((await drawOf('VN_MB', '20310106')).status).toBe('locked');
    lottery.sent.length = 0;
    const { drawn } = await lottery.vn.tick();
    expect(drawn).toBeGreaterThanOrEqual(1);
    const draw = await drawOf('VN_MB', '20310106');
    expect(draw.status).toBe('drawn');
    expect(lottery.sent).toContain(draw.id);
    // The documented formula, recomputed here: HMAC-SHA256 digests read as 4-byte integers, below 4294967290, mod 10.
    const digits: number[] = [];
    for (let round = 0; digits.length < 107; round++) {
      const message = round === 0 ? 'VN_MB:20310106' : `VN_MB:20310106:${round}`;
      const digest = createHmac('sha256', draw.server_seed).update(message).digest();
      for (let offset = 0; offset < 32; offset += 4) {
        const x = digest.readUInt32BE(offset);
        if (x < 4294967290) digits.push(x % 10);
      }
    }
    const text = digits.join('');
    const sizes: [string, number, number][] = [
      ['DB', 1, 5],
      ['G1', 1, 5],
      ['G2', 2, 5],
      ['G3', 6, 5],
      ['G4', 4, 4],
      ['G5', 6, 4],
      ['G6', 3, 3],
      ['G7', 4, 2],
    ];
    let at = 0;
    const expected: Record<string, string[]> = {};
    for (const [prize, count, length] of sizes) {
      expected[prize] = [];
      for (let i = 0; i < count; i++, at += length) expected[prize].push(text.slice(at, at + length));
    }
    expect(draw.result).toEqual({ prizes: expected, source: 'demo' });
    const verified = await lottery.draws.verification('VN_MB', '20310106');
    expect(verified).toMatchObject({ serverSeed: draw.server_seed, publicInput: 'VN_MB:20310106' });
    expect(verified.recomputed).toEqual(draw.result);
    // A province draws only on its weekdays: TP.HCM on Monday the 6th, not on Tuesday the 7th.
    expect((await drawOf('VN_HCM', '20310106')).status).toBe('drawn');
    await expect(drawOf('VN_HCM', '20310107')).rejects.toThrow();
  });

  it('pays random Vietnamese bets on random results as an independent recomputation says', async () => {
    const digitsOf = (length: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });
    const table = (rows: [string, number, number][]) =>
      fc.record(
        Object.fromEntries(
          rows.map(([prize, count, digits]) => [
            prize,
            fc.array(digitsOf(digits), { minLength: count, maxLength: count }),
          ]),
        ),
      ) as fc.Arbitrary<VnPrizes>;
    const NORTH: [string, number, number][] = [
      ['DB', 1, 5],
      ['G1', 1, 5],
      ['G2', 2, 5],
      ['G3', 6, 5],
      ['G4', 4, 4],
      ['G5', 6, 4],
      ['G6', 3, 3],
      ['G7', 4, 2],
    ];
    const SOUTH: [string, number, number][] = [
      ['G8', 1, 2],
      ['G7', 1, 3],
      ['G6', 3, 4],
      ['G5', 1, 4],
      ['G4', 7, 5],
      ['G3', 2, 5],
      ['G2', 1, 5],
      ['G1', 1, 5],
      ['DB', 1, 6],
    ];
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    const three = fc.integer({ min: 0, max: 999 }).map((n) => String(n).padStart(3, '0'));
    const xien = (k: number) =>
      fc
        .uniqueArray(two, { minLength: k, maxLength: k })
        .map((numbers) => [`xien${k}`, [...numbers].sort().join(',')] as const);
    const bet = fc.tuple(
      fc.oneof(
        two.map((n) => ['lo2', n] as const),
        three.map((n) => ['lo3', n] as const),
        two.map((n) => ['de', n] as const),
        three.map((n) => ['3cang', n] as const),
        xien(2),
        xien(3),
        xien(4),
      ),
      fc.integer({ min: 1, max: 20 }),
    );
    // The payouts per point of migration 0056 and the game's prices, written out again here.
    const PAYOUT: Record<string, Record<string, bigint>> = {
      north: { lo2: 9500n, lo3: 90000n, de: 9000n, '3cang': 90000n, xien2: 1700n, xien3: 7500n, xien4: 34000n },
      south: { lo2: 9500n, lo3: 90000n, de: 9000n, '3cang': 90000n, xien2: 3500n, xien3: 23000n, xien4: 160000n },
    };
    const PRICE: Record<string, Record<string, string>> = {
      north: { lo2: '27.00', lo3: '23.00', de: '1.00', '3cang': '1.00', xien2: '1.00', xien3: '1.00', xien4: '1.00' },
      south: { lo2: '18.00', lo3: '17.00', de: '1.00', '3cang': '1.00', xien2: '1.00', xien3: '1.00', xien4: '1.00' },
    };
    /** Independently: every number of every prize as a list, and its last two or three digits compared. */
    const expectedPayout = (region: string, prizes: VnPrizes, betType: string, selection: string, points: number) => {
      const all = Object.values(prizes).flat() as string[];
      const special = (prizes.DB as string[])[0] as string;
      const tail = (value: string, n: number) => (value.length >= n ? value.slice(value.length - n) : null);
      let times = 0;
      if (betType === 'lo2') times = all.filter((value) => tail(value, 2) === selection).length;
      else if (betType === 'lo3') times = all.filter((value) => tail(value, 3) === selection).length;
      else if (betType === 'de') times = tail(special, 2) === selection ? 1 : 0;
      else if (betType === '3cang') times = tail(special, 3) === selection ? 1 : 0;
      else {
        const tails = new Set(all.map((value) => tail(value, 2)));
        times = selection.split(',').every((number) => tails.has(number)) ? 1 : 0;
      }
      return BigInt(points) * (PAYOUT[region]?.[betType] as bigint) * BigInt(times);
    };

    // Mondays from 2031-02-03 on: the northern draw and TP.HCM's both draw on each.
    let monday = Date.UTC(2031, 1, 3, 0, 0, 0);
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(['VN_MB', 'north', NORTH] as const, ['VN_HCM', 'south', SOUTH] as const)
          .chain(([game, region, rows]) =>
            fc.tuple(
              fc.constant(game),
              fc.constant(region),
              table(rows as [string, number, number][]),
              fc.array(bet, { minLength: 1, maxLength: 12 }),
            ),
          ),
        async ([game, region, prizes, bets]) => {
          clock = monday;
          monday += 7 * DAY;
          await lottery.vn.openAhead(1);
          const numero = new Date(clock + 7 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
          const draw = await drawOf(game, numero);
          let expected = 0n;
          for (const [[betType, selection], points] of bets) {
            await lottery.bets.place(member.id, randomUUID(), {
              gameId: game,
              numero,
              betType,
              selection,
              stake: PRICE[region]?.[betType] as string,
              multiple: points,
            });
            expected += expectedPayout(region, prizes, betType, selection, points);
          }
          await lottery.db
            .updateTable('lottery_draws')
            .set({ status: 'drawn', result: JSON.stringify({ prizes, source: 'demo' }) })
            .where('id', '=', draw.id)
            .execute();
          const { paid, complete } = await lottery.settlement.settle(draw.id);
          expect(complete).toBe(true);
          expect(paid).toBe(expected);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('Vietnamese chase bets', () => {
  /** A northern table in which 07 is the tail of two prizes (G2 22207 and G7 07); `without07` has none. */
  const WITH_07: VnPrizes = {
    DB: ['12345'],
    G1: ['67890'],
    G2: ['11145', '22207'],
    G3: ['33312', '44423', '55534', '66645', '77756', '88867'],
    G4: ['1278', '3489', '5690', '7801'],
    G5: ['2345', '4545', '6712', '8923', '0134', '2356'],
    G6: ['345', '678', '901'],
    G7: ['45', '07', '89', '12'],
  };
  const WITHOUT_07: VnPrizes = { ...WITH_07, G2: ['11145', '22208'], G7: ['45', '08', '89', '12'] };
  const cash = async () => BigInt((await balanceOf(context, member)).cash.replace('.', ''));
  const chase = (stopAfterWin: boolean, draws: number, stake = '27.00') =>
    lottery.chases.place(member.id, randomUUID(), {
      gameId: 'VN_MB',
      betType: 'lo2',
      selection: '07',
      stake,
      multiple: 2,
      draws,
      stopAfterWin,
    });

  it("stakes a northern ticket on the next days' draws, settles each with its own table and stops after a win", async () => {
    // Monday 2 June 2031, 07:00 in Vietnam: the day's draw (18:15) and the two after it.
    clock = Date.UTC(2031, 5, 2, 0, 0, 0);
    await lottery.vn.openAhead(3);
    const before = await cash();
    const chasesBefore = await lottery.db.selectFrom('lottery_chases').select('id').execute();

    // The price per point the page showed is the one staked: a chase at another price writes nothing.
    await expect(chase(true, 3, '26.00')).rejects.toMatchObject({ code: 'LOTTERY_PRICE_CHANGED' });
    await expect(chase(true, 4)).rejects.toMatchObject({ code: 'DRAW_NOT_FOUND' });
    expect(await cash()).toBe(before);
    expect(await lottery.db.selectFrom('lottery_chases').select('id').execute()).toHaveLength(chasesBefore.length);

    const stopping = await chase(true, 3);
    const going = await chase(false, 3);
    expect(stopping.bets.map((bet) => bet.numero)).toEqual(['20310602', '20310603', '20310604']);
    expect(going.bets.map((bet) => bet.numero)).toEqual(['20310602', '20310603', '20310604']);
    // 2 points of lô at 27.00, on three draws, twice.
    expect(await cash()).toBe(before - 2n * 3n * 54_00n);

    // Each draw is drawn with its own table: 07 comes twice on the first two days, not on the third.
    const tables = [WITH_07, WITH_07, WITHOUT_07];
    const ids: string[] = [];
    for (const [index, numero] of ['20310602', '20310603', '20310604'].entries()) {
      const draw = await drawOf('VN_MB', numero);
      await lottery.db
        .updateTable('lottery_draws')
        .set({ status: 'drawn', result: JSON.stringify({ prizes: tables[index], source: 'demo' }) })
        .where('id', '=', draw.id)
        .execute();
      ids.push(draw.id);
    }
    // Settled in any order, each on its own.
    for (const index of [2, 0, 1]) {
      const { complete } = await lottery.settlement.settle(ids[index] as string);
      expect(complete).toBe(true);
    }
    const outcome = (chaseId: string) =>
      lottery.db
        .selectFrom('lottery_bets')
        .select(['numero', 'status', 'payout_minor'])
        .where('chase_id', '=', chaseId)
        .orderBy('id')
        .execute();
    // lô 07 twice at 95.00 a point, 2 points: 380.00; the stopping chase's later bets are refunded.
    expect((await outcome(stopping.chaseId)).map((bet) => [bet.numero, bet.status, bet.payout_minor])).toEqual([
      ['20310602', 'won', '38000'],
      ['20310603', 'refunded', '5400'],
      ['20310604', 'refunded', '5400'],
    ]);
    expect((await outcome(going.chaseId)).map((bet) => [bet.numero, bet.status, bet.payout_minor])).toEqual([
      ['20310602', 'won', '38000'],
      ['20310603', 'won', '38000'],
      ['20310604', 'lost', '0'],
    ]);
    expect(await cash()).toBe(before - 324_00n + 380_00n + 108_00n + 760_00n);
  });
});
