import { createHash, createHmac, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { EN } from '../../test/members.ts';
import { adjust, balanceOf, reconcile, type WalletMember, walletMember } from '../../test/wallet.ts';
import { Ledger } from '../wallet/ledger.ts';
import { LotteryBets } from './bets.ts';
import { LotteryChases } from './chases.ts';
import { LotteryDraws } from './draws.ts';
import { LotterySettlement } from './settlement.ts';

const context = useTestPortal();

/**
 * A clock of its own, years ahead, so that the draws these tests create are never due for the app's own lottery
 * job (which runs on the real clock beside them).
 */
let clock = Date.UTC(2031, 0, 1, 0, 0, 0);
const now = () => clock;

function services() {
  const db = context.portal.database.db;
  const ledger = new Ledger(db);
  const { catalogue } = context.portal.app.lottery;
  const house = () => ledger.systemAccount('lottery:house:bdt', 'house', 'BDT');
  const sent: string[] = [];
  const draws = new LotteryDraws(
    db,
    catalogue,
    async (_trx, drawId) => {
      sent.push(drawId);
    },
    now,
  );
  const bets = new LotteryBets(db, ledger, catalogue, house, now);
  const settlement = new LotterySettlement(db, ledger, catalogue, house);
  const chases = new LotteryChases(db, ledger, catalogue, house, now);
  return { db, ledger, catalogue, draws, bets, chases, settlement, sent };
}

let members: WalletMember[];
let lottery: ReturnType<typeof services>;

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

/** Draws a draw with a chosen result (for hand-computed settlements): its seed is searched until it gives that. */
async function forceResult(drawId: string, result: unknown) {
  await lottery.db
    .updateTable('lottery_draws')
    .set({ status: 'drawn', result: JSON.stringify(result) })
    .where('id', '=', drawId)
    .execute();
}

/**
 * Whether every won bet of the draw names the one entry that paid it, and the draw's win entries pay exactly what its
 * bets record: nothing paid twice, nothing paid outside a bet.
 */
async function paidOnce(drawId: string) {
  const { rows } = await sql<{ bets: string; entries: string; entry_ids: string; orphans: string }>`
    SELECT (SELECT coalesce(sum(payout_minor), 0) FROM lottery_bets WHERE draw_id = ${drawId})::text AS bets,
           (SELECT coalesce(sum(l.amount_minor), 0) FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
             WHERE e.idempotency_key LIKE ${`lottery-win:${drawId}:%`} AND l.amount_minor > 0)::text AS entries,
           (SELECT count(*) FROM journal_entries
             WHERE idempotency_key LIKE ${`lottery-win:${drawId}:%`})::text AS entry_ids,
           (SELECT count(*) FROM lottery_bets b WHERE b.draw_id = ${drawId} AND b.status = 'won'
               AND NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = b.settle_entry_id))::text AS orphans`.execute(
    lottery.db,
  );
  const row = rows[0];
  const distinct = await lottery.db
    .selectFrom('lottery_bets')
    .select((eb) => eb.fn.count<string>('settle_entry_id').distinct().as('n'))
    .where('draw_id', '=', drawId)
    .executeTakeFirstOrThrow();
  return row?.bets === row?.entries && row?.orphans === '0' && row?.entry_ids === String(distinct.n);
}

describe('lottery bets and settlement', () => {
  it('settles every bet type against hand-computed payouts, each once', async () => {
    const member = members[0] as WalletMember;
    const draw = await drawAt('WINGO_1M', Date.UTC(2031, 0, 1, 1, 0, 10));
    const before = minor(await cash(member));
    const place = (betType: string, selection: string, stake: string, multiple = 1) =>
      lottery.bets.place(member.id, randomUUID(), {
        gameId: 'WINGO_1M',
        numero: draw.numero,
        betType,
        selection,
        stake,
        multiple,
      });
    const placedBets = [
      await place('number', '5', '10.00'), // 5 drawn: 10 × 9 = 90.00
      await place('number', '4', '10.00'), // lost
      await place('colour', 'green', '10.00', 3), // 30 × 1.5 (5 is also violet) = 45.00
      await place('colour', 'violet', '2.00'), // 2 × 4.5 = 9.00
      await place('colour', 'red', '10.00'), // lost
      await place('size', 'big', '1.01'), // 1.01 × 1.96 = 1.9796 → 1.97
      await place('size', 'small', '10.00'), // lost
    ];
    const staked = 10_00n + 10_00n + 30_00n + 2_00n + 10_00n + 1_01n + 10_00n;
    expect(minor(await cash(member))).toBe(before - staked);

    await forceResult(draw.id, { number: 5 });
    const { settled, paid } = await lottery.settlement.settle(draw.id);
    expect(settled).toBe(7);
    expect(paid).toBe(90_00n + 45_00n + 9_00n + 1_97n);
    expect(minor(await cash(member))).toBe(before - staked + paid);
    const statuses = await lottery.db
      .selectFrom('lottery_bets')
      .select(['id', 'status', 'payout_minor'])
      .where('draw_id', '=', draw.id)
      .orderBy('id')
      .execute();
    expect(statuses.map((b) => b.id)).toEqual(placedBets.map((b) => b.betId));
    expect(statuses.map((b) => [b.status, b.payout_minor])).toEqual([
      ['won', '9000'],
      ['lost', '0'],
      ['won', '4500'],
      ['won', '900'],
      ['lost', '0'],
      ['won', '197'],
      ['lost', '0'],
    ]);
    // The wallet's bet record shows the draw as one settled round of the member's.
    const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
    const record = await call(context.portal.app, {
      method: 'GET',
      url: `/wps/wallet/records/bets?from=${today}&to=${today}&pageSize=100`,
      headers: member.headers,
    });
    expect(
      record.body.value.list.find(
        (round: { reference: string }) => round.reference === `lottery:WINGO_1M:${draw.numero}`,
      ),
    ).toMatchObject({ stake: '73.01', payout: '145.97', status: 'settled' });
    // A second settlement of the settled draw pays nothing more.
    expect((await lottery.settlement.settle(draw.id)).settled).toBe(0);
    expect(await paidOnce(draw.id)).toBe(true);
    expect(minor(await cash(member))).toBe(before - staked + paid);
    const status = await lottery.db
      .selectFrom('lottery_draws')
      .select('status')
      .where('id', '=', draw.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('settled');
  });

  it('shows a draw the member only lost as open in the wallet bet record until it settles, then settled', async () => {
    const member = members[1] as WalletMember;
    const draw = await drawAt('WINGO_1M', Date.UTC(2031, 0, 1, 2, 0, 10));
    await lottery.bets.place(member.id, randomUUID(), {
      gameId: 'WINGO_1M',
      numero: draw.numero,
      betType: 'number',
      selection: '4',
      stake: '10.00',
      multiple: 1,
    });
    const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
    const recorded = async () => {
      const record = await call(context.portal.app, {
        method: 'GET',
        url: `/wps/wallet/records/bets?from=${today}&to=${today}&pageSize=100`,
        headers: member.headers,
      });
      return record.body.value.list.find(
        (round: { reference: string }) => round.reference === `lottery:WINGO_1M:${draw.numero}`,
      );
    };
    expect(await recorded()).toMatchObject({ stake: '10.00', payout: '0.00', status: 'open' });
    await forceResult(draw.id, { number: 5 });
    await lottery.settlement.settle(draw.id);
    expect(await recorded()).toMatchObject({ stake: '10.00', payout: '0.00', status: 'settled' });
  });

  it('settles K3 bets against hand-computed payouts', async () => {
    const member = members[0] as WalletMember;
    const draw = await drawAt('K3_1M', Date.UTC(2031, 0, 1, 1, 10, 10));
    const before = minor(await cash(member));
    const bets: [string, string][] = [
      ['sum', '8'], // 2+2+4 = 8: 7.68? no, sum 8 pays 9.88
      ['size', 'small'], // 8 is small, not a triple: 1.96
      ['parity', 'even'], // 1.96
      ['parity', 'odd'], // lost
      ['triple_any', 'any'], // lost
      ['triple', '2'], // lost
      ['pair', '2'], // two 2s: 12.96
      ['pair', '4'], // lost
    ];
    for (const [betType, selection] of bets) {
      await lottery.bets.place(member.id, randomUUID(), {
        gameId: 'K3_1M',
        numero: draw.numero,
        betType,
        selection,
        stake: '100.00',
        multiple: 1,
      });
    }
    await forceResult(draw.id, { dice: [2, 4, 2] });
    const { paid } = await lottery.settlement.settle(draw.id);
    expect(paid).toBe(988_00n + 196_00n + 196_00n + 1296_00n);
    expect(minor(await cash(member))).toBe(before - 800_00n + paid);
  });

  it('refuses a bet after the lock with DRAW_LOCKED, moving no money and writing nothing', async () => {
    const member = members[1] as WalletMember;
    const draw = await drawAt('WINGO_1M', Date.UTC(2031, 0, 1, 2, 0, 10));
    const before = await cash(member);
    clock = new Date(draw.lock_at).getTime();
    const key = randomUUID();
    await expect(
      lottery.bets.place(member.id, key, {
        gameId: 'WINGO_1M',
        numero: draw.numero,
        betType: 'number',
        selection: '1',
        stake: '10.00',
        multiple: 1,
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'DRAW_LOCKED' });
    expect(await cash(member)).toBe(before);
    const rows = await lottery.db.selectFrom('lottery_bets').select('id').where('request_key', '=', key).execute();
    expect(rows).toHaveLength(0);
  });

  it('places bets that arrive together in one statement, each placed, refused or replayed on its own', async () => {
    const [rich, other] = members as [WalletMember, WalletMember];
    const poor = await walletMember(context);
    await adjust(context, poor.username, '5.00');
    const fillerMembers: WalletMember[] = [];
    for (let i = 0; i < 4; i++) {
      const member = await walletMember(context);
      await adjust(context, member.username, '10.00');
      fillerMembers.push(member);
    }
    const draw = await drawAt('WINGO_3M', Date.UTC(2031, 0, 1, 3, 0, 10));
    const bet = (selection: string, stake = '10.00') => ({
      gameId: 'WINGO_3M',
      numero: draw.numero,
      betType: 'number',
      selection,
      stake,
      multiple: 1,
    });
    const earlierKey = randomUUID();
    const earlier = await lottery.bets.place(rich.id, earlierKey, bet('3'));
    const [richBefore, otherBefore] = [await cash(rich), await cash(other)];
    // Four statements in flight (the most a process sends at once) held back, so that the bets below queue behind
    // them and go out together in the next statement.
    const ledger = lottery.ledger as unknown as {
      runBatch: (...args: unknown[]) => Promise<unknown>;
      batches: { waiting: Map<string, unknown[]> };
    };
    const runBatch = ledger.runBatch.bind(ledger);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const statements = vi.spyOn(ledger, 'runBatch').mockImplementation(async (...args) => {
      await held;
      return runBatch(...args);
    });
    const fillers = fillerMembers.map((member) => lottery.bets.place(member.id, randomUUID(), bet('0', '1.00')));
    await vi.waitFor(() => expect(statements).toHaveBeenCalledTimes(4));
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const together = Promise.allSettled([
      lottery.bets.place(other.id, keys[0] as string, bet('7', '20.00')),
      lottery.bets.place(poor.id, keys[1] as string, bet('7')),
      lottery.bets.place(rich.id, keys[2] as string, { ...bet('1'), numero: '999999' }),
      lottery.bets.place(rich.id, earlierKey, bet('3')),
      lottery.bets.place(rich.id, earlierKey, bet('4')),
    ]);
    await vi.waitFor(() => expect(ledger.batches.waiting.get('lottery_bet_batch')).toHaveLength(3));
    release();
    await Promise.all(fillers);
    const [placed, short, unknownDraw, retried, changed] = await together;
    const sizes = statements.mock.calls.map((call) => (call[1] as unknown[]).length);
    statements.mockRestore();
    expect(placed).toMatchObject({ status: 'fulfilled', value: { selection: '7', amount: '20.00' } });
    expect(short).toMatchObject({ status: 'rejected', reason: { code: 'INSUFFICIENT_FUNDS' } });
    expect(unknownDraw).toMatchObject({ status: 'rejected', reason: { statusCode: 404, code: 'DRAW_NOT_FOUND' } });
    expect(retried).toMatchObject({ status: 'fulfilled', value: { betId: earlier.betId, balance: null } });
    expect(changed).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } });
    // The three that reached the database shared one statement (this process answers a retry of a bet it placed
    // from its memory).
    expect(sizes).toEqual([1, 1, 1, 1, 3]);
    expect(minor(await cash(other))).toBe(minor(otherBefore) - 2000n);
    expect(await cash(rich)).toBe(richBefore);
    expect(await cash(poor)).toBe('5.00');
    const rows = await lottery.db
      .selectFrom('lottery_bets')
      .select(['member_id', 'request_key'])
      .where('draw_id', '=', draw.id)
      .orderBy('id')
      .execute();
    expect(rows.filter((row) => !fillerMembers.some((member) => member.id === row.member_id))).toEqual([
      { member_id: rich.id, request_key: earlierKey },
      { member_id: other.id, request_key: keys[0] },
    ]);
    expect(rows).toHaveLength(6);
    expect(await reconcile(context)).toMatchObject({ ok: true });
  });

  it('opens on each pass only the draws that came into the window since the last', async () => {
    clock = Date.UTC(2033, 4, 1, 6, 0, 0);
    const games = (await lottery.catalogue.games()).filter((game) => game.group !== 'VN').length;
    expect(await lottery.draws.openAhead(4)).toBe(4 * games);
    expect(await lottery.draws.openAhead(4)).toBe(0);
    // 30 s on: the 30-second game's window moved by one draw; the one-minute games' current draw is the same.
    clock += 30_000;
    const created = await lottery.db
      .selectFrom('lottery_draws')
      .select('numero')
      .where('game_code', '=', 'WINGO_30S')
      .where('draw_at', '>', new Date(clock))
      .execute();
    expect(created).toHaveLength(3);
    expect(await lottery.draws.openAhead(4)).toBe(1);
  });

  it('answers the bet call over HTTP: a locked draw with the spec message, bad bets with 400, a replay once', async () => {
    const member = members[1] as WalletMember;
    const app = context.portal.app;
    // A draw whose lock has passed on the real clock.
    clock = Date.now() - 3_600_000;
    await lottery.draws.openAhead(1);
    const past = await lottery.db
      .selectFrom('lottery_draws')
      .select('numero')
      .where('game_code', '=', 'WINGO_5M')
      .where('lock_at', '<', new Date())
      .orderBy('draw_at')
      .executeTakeFirstOrThrow();
    const before = await cash(member);
    const bet = (payload: Record<string, unknown>, key = randomUUID()) =>
      call(app, {
        method: 'POST',
        url: '/lotto/lgw/bets',
        headers: { ...member.headers, ...EN, 'idempotency-key': key },
        payload: { gameId: 'WINGO_5M', betType: 'number', selection: '3', stake: '10.00', multiple: 2, ...payload },
      });
    const locked = await bet({ numero: past.numero });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({
      success: false,
      code: 'DRAW_LOCKED',
      message: 'Betting on this draw has closed',
    });
    const bn = await call(app, {
      method: 'POST',
      url: '/lotto/lgw/bets',
      headers: { ...member.headers, 'accept-language': 'bn', 'idempotency-key': randomUUID() },
      payload: { gameId: 'WINGO_5M', numero: past.numero, betType: 'number', selection: '3', stake: '10.00' },
    });
    expect(bn.body.message).toBe('এই ড্রয়ে বাজি ধরা বন্ধ হয়ে গেছে');

    await app.lottery.draws.openAhead(3);
    const open = await call(app, { method: 'GET', url: '/lotto/lgw/games/opened/numero?gameId=WINGO_5M&count=3' });
    expect(open.status).toBe(200);
    expect(open.body.value).toHaveLength(3);
    const numero = open.body.value[1].numero as string;
    expect((await bet({ numero, selection: '10' })).body.code).toBe('LOTTERY_BET_INVALID');
    expect((await bet({ numero, betType: 'sum' })).status).toBe(400);
    expect((await bet({ numero, stake: '0.50' })).body.code).toBe('LOTTERY_STAKE_INVALID');
    expect((await bet({ numero, stake: 'ten' })).status).toBe(400);
    expect((await bet({ numero, multiple: 0 })).status).toBe(400);
    expect((await bet({ gameId: 'NOPE' })).status).toBe(400);
    expect(await cash(member)).toBe(before);

    const key = randomUUID();
    const first = await bet({ numero }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({ numero, amount: '20.00', status: 'pending' });
    const replay = await bet({ numero }, key);
    expect(replay.body.value.betId).toBe(first.body.value.betId);
    expect((await bet({ numero, selection: '4' }, key)).status).toBe(409);
    expect(minor(await cash(member))).toBe(minor(before) - 20_00n);

    const mine = await call(app, { method: 'GET', url: '/lotto/lgw/bets?pageSize=5', headers: member.headers });
    expect(mine.body.value.list[0]).toMatchObject({ betId: first.body.value.betId, gameId: 'WINGO_5M' });
    expect((await call(app, { method: 'GET', url: '/lotto/lgw/bets' })).status).toBe(401);
  });

  it('serves the menus, the game data with house edges, results and verification', async () => {
    const app = context.portal.app;
    await app.lottery.draws.openAhead(2);
    const menus = await call(app, { method: 'GET', url: '/lgw/games/game_menus', headers: EN });
    expect(menus.status).toBe(200);
    const wingo = menus.body.value.find((menu: { tag: string }) => menu.tag === 'WINGO');
    expect(wingo.gameMenus.map((game: { gameId: string }) => game.gameId)).toEqual([
      'WINGO_30S',
      'WINGO_1M',
      'WINGO_3M',
      'WINGO_5M',
    ]);
    const oneMinute = wingo.gameMenus[1];
    expect(oneMinute).toMatchObject({ gameGroupCode: 'WINGO', gameMenuTag: 'WINGO', remark: 'Win Go 1 minute' });
    expect(oneMinute.numero).toMatch(/^\d{12}$/);
    expect(oneMinute.remainTime).toBeGreaterThan(0);
    // In the last 5 s of a minute the draw taking bets is the next one, drawn up to 65 s from now.
    expect(oneMinute.remainTime).toBeLessThanOrEqual(65_000);
    expect(oneMinute.lockTime).toBe(5);
    expect(oneMinute).toHaveProperty('drawDayOfWeek', null);

    const details = await call(app, { method: 'GET', url: '/lotto/lgw/games/K3_1M' });
    expect(details.body.value.betTypes).toContainEqual({ betType: 'triple', selection: '6', houseEdge: '0.040000' });

    const draw = await drawAt('K3_1M', Date.UTC(2031, 0, 1, 3, 0, 10));
    const verifyUrl = `/lotto/lgw/games/K3_1M/draws/${draw.numero}/verify`;
    const before = await call(app, { method: 'GET', url: verifyUrl });
    expect(before.body.value).toMatchObject({ serverSeedHash: draw.server_seed_hash, serverSeed: null, result: null });
    clock = new Date(draw.draw_at).getTime();
    await lottery.draws.tick();
    const after = await call(app, { method: 'GET', url: verifyUrl });
    const { serverSeed, publicInput, result, serverSeedHash } = after.body.value;
    expect(createHash('sha256').update(serverSeed).digest('hex')).toBe(serverSeedHash);
    expect(publicInput).toBe(`K3_1M:${draw.numero}`);
    expect(result).toEqual(independentResult('K3', serverSeed, publicInput));
    const results = await call(app, { method: 'GET', url: '/lotto/lgw/games/K3_1M/results?pageSize=100' });
    expect(results.body.value.list.map((r: { numero: string }) => r.numero)).toContain(draw.numero);
  });
});

/** The documented formula again, from its description in rules.ts. */
function independentResult(group: 'WINGO' | 'K3', seed: string, publicInput: string) {
  const n = group === 'WINGO' ? 10 : 6;
  const want = group === 'WINGO' ? 1 : 3;
  const limit = 2 ** 32 - (2 ** 32 % n);
  const values: number[] = [];
  for (let round = 0; values.length < want; round++) {
    const digest = createHmac('sha256', seed)
      .update(round === 0 ? publicInput : `${publicInput}:${round}`)
      .digest();
    for (let i = 0; i < 8 && values.length < want; i++) {
      const x = digest.readUInt32BE(i * 4);
      if (x < limit) values.push(x % n);
    }
  }
  return group === 'WINGO' ? { number: values[0] } : { dice: values.map((v) => v + 1) };
}

describe('chase bets', () => {
  const chase = (member: WalletMember, stopAfterWin: boolean, draws: number) =>
    lottery.chases.place(member.id, randomUUID(), {
      gameId: 'WINGO_1M',
      betType: 'number',
      selection: '5',
      stake: '10.00',
      multiple: 1,
      draws,
      stopAfterWin,
    });

  it('stakes every draw at once and, stopping after a win, refunds the later draws whichever settles first', async () => {
    const member = members[2] as WalletMember;
    await drawAt('WINGO_1M', Date.UTC(2031, 0, 20, 5, 0, 10));
    const before = minor(await cash(member));
    const placed = await chase(member, true, 3);
    // 11:00 in Dhaka: the day's 661st minute and the two after it.
    expect(placed.bets.map((bet) => bet.numero)).toEqual(['203101200661', '203101200662', '203101200663']);
    expect(minor(await cash(member))).toBe(before - 30_00n);
    const drawIds = await Promise.all(
      placed.bets.map(
        async (bet) =>
          (
            await lottery.db
              .selectFrom('lottery_draws')
              .select('id')
              .where('game_code', '=', 'WINGO_1M')
              .where('numero', '=', bet.numero)
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    // Every draw gives 5: the first bet wins 90.00; the two after it are refunded, not paid.
    for (const id of drawIds) await forceResult(id, { number: 5 });
    await lottery.settlement.settle(drawIds[2] as string);
    await lottery.settlement.settle(drawIds[0] as string);
    await lottery.settlement.settle(drawIds[1] as string);
    await lottery.settlement.settle(drawIds[1] as string);
    expect(minor(await cash(member))).toBe(before - 30_00n + 90_00n + 20_00n);
    const statuses = await lottery.db
      .selectFrom('lottery_bets')
      .select(['status', 'payout_minor'])
      .where('chase_id', '=', placed.chaseId)
      .orderBy('id')
      .execute();
    expect(statuses.map((bet) => [bet.status, bet.payout_minor])).toEqual([
      ['won', '9000'],
      ['refunded', '1000'],
      ['refunded', '1000'],
    ]);
  });

  it('keeps betting after a win when not asked to stop, and refuses a chase longer than the draws open', async () => {
    const member = members[2] as WalletMember;
    await drawAt('WINGO_1M', Date.UTC(2031, 0, 20, 6, 0, 10));
    const before = minor(await cash(member));
    const placed = await chase(member, false, 2);
    for (const bet of placed.bets) {
      const draw = await lottery.db
        .selectFrom('lottery_draws')
        .select('id')
        .where('game_code', '=', 'WINGO_1M')
        .where('numero', '=', bet.numero)
        .executeTakeFirstOrThrow();
      await forceResult(draw.id, { number: 5 });
      await lottery.settlement.settle(draw.id);
    }
    expect(minor(await cash(member))).toBe(before - 20_00n + 180_00n);
    const balance = await cash(member);
    // Only the three draws opened around this clock exist.
    await expect(chase(member, false, 10)).rejects.toMatchObject({ code: 'DRAW_NOT_FOUND' });
    expect(await cash(member)).toBe(balance);
  });
});

describe('the draw jobs', () => {
  it('draws a simulated day in order, each from its committed seed, and catches up after downtime', async () => {
    const dayStart = Date.UTC(2031, 1, 1, 18, 0, 0);
    // The node runs through the first half of the day with a tick every 30 minutes (draws are created 100 ahead)...
    const hashes = new Map<string, string>();
    for (clock = dayStart; clock < dayStart + 12 * 3_600_000; clock += 30 * 60_000) {
      await lottery.draws.tick();
      const rows = await lottery.db
        .selectFrom('lottery_draws')
        .select(['id', 'server_seed_hash'])
        .where('draw_at', '>', new Date(clock))
        .execute();
      for (const row of rows) if (!hashes.has(row.id)) hashes.set(row.id, row.server_seed_hash);
    }
    // ...then is down for three hours, and on its return draws what was created before, late, oldest first.
    clock += 3 * 3_600_000;
    lottery.sent.length = 0;
    await lottery.draws.tick();
    const caughtUp = await lottery.db
      .selectFrom('lottery_draws')
      .select(['id', 'draw_at'])
      .where('id', 'in', lottery.sent.length > 0 ? lottery.sent : ['0'])
      .execute();
    expect(caughtUp.length).toBeGreaterThan(0);
    const order = lottery.sent.map((id) => new Date(caughtUp.find((d) => d.id === id)?.draw_at ?? 0).getTime());
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const drawn = await lottery.db
      .selectFrom('lottery_draws')
      .select(['id', 'game_code', 'numero', 'server_seed', 'server_seed_hash', 'result', 'status', 'draw_at'])
      .where('draw_at', '>=', new Date(dayStart))
      .where('draw_at', '<=', new Date(clock))
      .execute();
    expect(drawn.length).toBeGreaterThan(1000);
    for (const draw of drawn) {
      expect(draw.status).toBe('drawn');
      // The seed is the one whose hash was published before the draw opened.
      expect(hashes.get(draw.id) ?? draw.server_seed_hash).toBe(draw.server_seed_hash);
      expect(createHash('sha256').update(draw.server_seed).digest('hex')).toBe(draw.server_seed_hash);
      // The other groups' draws are recomputed independently by rules-fast.test.ts.
      if (!/^(WINGO|K3)_/.test(draw.game_code)) continue;
      const group = draw.game_code.startsWith('K3') ? 'K3' : 'WINGO';
      expect(draw.result).toEqual(independentResult(group, draw.server_seed, `${draw.game_code}:${draw.numero}`));
    }
    // Nothing due is left undrawn.
    const left = await lottery.db
      .selectFrom('lottery_draws')
      .select('id')
      .where('status', 'in', ['open', 'locked'])
      // The app's own job keeps opening draws on the real clock meanwhile; they are not this day's.
      .where('draw_at', '>=', new Date(dayStart))
      .where('draw_at', '<=', new Date(clock))
      .execute();
    expect(left).toHaveLength(0);
  });
});

describe('settlement exactly once', () => {
  async function draftDraw(game: string, atMs: number, count: number) {
    const draw = await drawAt(game, atMs);
    const placed: { member: WalletMember; betId: string; amount: bigint }[] = [];
    for (let i = 0; i < count; i++) {
      const member = members[i % members.length] as WalletMember;
      const selection = String(i % 10);
      const bet = await lottery.bets.place(member.id, randomUUID(), {
        gameId: game,
        numero: draw.numero,
        betType: 'number',
        selection,
        stake: '1.00',
        multiple: 1,
      });
      placed.push({ member, betId: bet.betId, amount: 100n });
    }
    return { draw, placed };
  }

  async function totals() {
    return Promise.all(members.map(async (member) => minor(await cash(member))));
  }

  it('pays each bet once when two settlers run at once', async () => {
    const { draw } = await draftDraw('WINGO_1M', Date.UTC(2031, 0, 10, 4, 0, 10), 30);
    const before = await totals();
    await forceResult(draw.id, { number: 3 });
    const [a, b] = await Promise.all([
      lottery.settlement.settle(draw.id, { batchSize: 4 }),
      lottery.settlement.settle(draw.id, { batchSize: 4 }),
    ]);
    expect(a.settled + b.settled).toBe(30);
    // Whichever finished last saw every bet settled.
    expect(a.complete || b.complete).toBe(true);
    expect(a.paid + b.paid).toBe(3n * 900n);
    const after = await totals();
    // Bets on 3 are i = 3, 13, 23: members 0, 1 and 2, 9.00 each.
    expect(after.map((v, i) => v - (before[i] as bigint))).toEqual([900n, 900n, 900n]);
    expect(await paidOnce(draw.id)).toBe(true);
    expect((await reconcile(context)).ok).toBe(true);
  });

  it('pays each bet once after a crash in the middle of a settlement', async () => {
    const { draw } = await draftDraw('WINGO_1M', Date.UTC(2031, 0, 10, 4, 10, 10), 20);
    const before = await totals();
    await forceResult(draw.id, { number: 7 });
    await expect(
      lottery.settlement.settle(draw.id, {
        batchSize: 3,
        beforeCommit: (batch) => {
          if (batch === 3) throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    const pending = await lottery.db
      .selectFrom('lottery_bets')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('draw_id', '=', draw.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    // Two batches of three committed; the third rolled back with its postings.
    expect(Number(pending.n)).toBe(14);
    await lottery.settlement.settle(draw.id, { batchSize: 3 });
    const after = await totals();
    // Bets on 7 are i = 7 and 17: members 1 and 2.
    expect(after.map((v, i) => v - (before[i] as bigint))).toEqual([0n, 900n, 900n]);
  });

  it('refunds every bet of a cancelled draw once', async () => {
    const { draw } = await draftDraw('WINGO_1M', Date.UTC(2031, 0, 10, 4, 20, 10), 6);
    const before = await totals();
    expect(await lottery.settlement.cancel(draw.id)).toBe(true);
    await lottery.settlement.settle(draw.id);
    await lottery.settlement.settle(draw.id);
    const after = await totals();
    expect(after.map((v, i) => v - (before[i] as bigint))).toEqual([200n, 200n, 200n]);
  });

  it('settles a draw whose game was switched off after it was drawn', async () => {
    const { draw } = await draftDraw('WINGO_3M', Date.UTC(2031, 0, 10, 5, 0, 10), 10);
    const before = await totals();
    await forceResult(draw.id, { number: 0 });
    await lottery.db.updateTable('lottery_games').set({ enabled: false }).where('code', '=', 'WINGO_3M').execute();
    try {
      expect((await lottery.settlement.settle(draw.id)).complete).toBe(true);
    } finally {
      await lottery.db.updateTable('lottery_games').set({ enabled: true }).where('code', '=', 'WINGO_3M').execute();
      lottery.catalogue.forget();
    }
    // The bet on 0 is i = 0: member 0, 9.00.
    const after = await totals();
    expect(after.map((v, i) => v - (before[i] as bigint))).toEqual([900n, 0n, 0n]);
  });

  it('pays random draws and bets exactly what an independent recomputation says', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('WINGO_30S', 'K3_1M'),
        fc.array(fc.tuple(fc.nat(1000), fc.integer({ min: 100, max: 5000 }), fc.integer({ min: 1, max: 3 })), {
          minLength: 1,
          maxLength: 12,
        }),
        async (game, picks) => {
          round++;
          const draw = await drawAt(game, Date.UTC(2031, 2, 1, 0, round * 2, 1));
          const group = game.startsWith('K3') ? 'K3' : 'WINGO';
          const catalogueOptions = group === 'WINGO' ? WINGO_PLAYS : K3_PLAYS;
          const bets = [];
          for (const [pick, stake, multiple] of picks) {
            const [betType, selection] = catalogueOptions[pick % catalogueOptions.length] as [string, string];
            const member = members[pick % members.length] as WalletMember;
            const stakeText = `${Math.floor(stake / 100)}.${String(stake % 100).padStart(2, '0')}`;
            await lottery.bets.place(member.id, randomUUID(), {
              gameId: game,
              numero: draw.numero,
              betType,
              selection,
              stake: stakeText,
              multiple,
            });
            bets.push({ betType, selection, amount: BigInt(stake * multiple) });
          }
          clock = new Date(draw.draw_at).getTime();
          await lottery.draws.drawDue();
          const { result } = await lottery.db
            .selectFrom('lottery_draws')
            .select('result')
            .where('id', '=', draw.id)
            .executeTakeFirstOrThrow();
          const { paid } = await lottery.settlement.settle(draw.id);
          const expected = bets.reduce(
            (sum, bet) => sum + independentPayout(group, result as Result, bet.betType, bet.selection, bet.amount),
            0n,
          );
          expect(paid).toBe(expected);
          const sum = await sql<{ total: string }>`
            SELECT coalesce(sum(payout_minor), 0)::text AS total FROM lottery_bets WHERE draw_id = ${draw.id}`.execute(
            lottery.db,
          );
          expect(BigInt(sum.rows[0]?.total ?? '-1')).toBe(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});

type Result = { number: number } | { dice: [number, number, number] };

const WINGO_PLAYS: [string, string][] = [
  ...Array.from({ length: 10 }, (_, n) => ['number', String(n)] as [string, string]),
  ['colour', 'green'],
  ['colour', 'red'],
  ['colour', 'violet'],
  ['size', 'big'],
  ['size', 'small'],
];
const K3_PLAYS: [string, string][] = [
  ...Array.from({ length: 16 }, (_, n) => ['sum', String(n + 3)] as [string, string]),
  ['size', 'big'],
  ['size', 'small'],
  ['parity', 'odd'],
  ['parity', 'even'],
  ['triple_any', 'any'],
  ...Array.from({ length: 6 }, (_, n) => ['triple', String(n + 1)] as [string, string]),
  ...Array.from({ length: 6 }, (_, n) => ['pair', String(n + 1)] as [string, string]),
];

/** The seeded odds in hundredths and the games' rules, written out again from the brief and the spec. */
function independentPayout(group: string, result: Result, betType: string, selection: string, amount: bigint) {
  const at = (hundredths: number) => (amount * BigInt(hundredths)) / 100n;
  if (group === 'WINGO' && 'number' in result) {
    const n = result.number;
    if (betType === 'number') return Number(selection) === n ? at(900) : 0n;
    if (betType === 'size') return n >= 5 === (selection === 'big') ? at(196) : 0n;
    if (selection === 'violet') return n === 0 || n === 5 ? at(450) : 0n;
    const green = n % 2 === 1;
    if ((selection === 'green') !== green) return 0n;
    return n === 0 || n === 5 ? at(150) : at(200);
  }
  if (!('dice' in result)) throw new Error('no dice');
  const [a, b, c] = result.dice;
  const sum = a + b + c;
  const triple = a === b && b === c;
  const sumOdds: Record<number, number> = {
    3: 20736,
    4: 6912,
    5: 3456,
    6: 2074,
    7: 1383,
    8: 988,
    9: 830,
    10: 768,
    11: 768,
    12: 830,
    13: 988,
    14: 1383,
    15: 2074,
    16: 3456,
    17: 6912,
    18: 20736,
  };
  switch (betType) {
    case 'sum':
      return Number(selection) === sum ? at(sumOdds[sum] as number) : 0n;
    case 'size':
      return !triple && sum >= 11 === (selection === 'big') ? at(196) : 0n;
    case 'parity':
      return !triple && (sum % 2 === 1) === (selection === 'odd') ? at(196) : 0n;
    case 'triple_any':
      return triple ? at(3456) : 0n;
    case 'triple':
      return triple && a === Number(selection) ? at(20736) : 0n;
    default:
      return [a, b, c].filter((d) => d === Number(selection)).length >= 2 ? at(1296) : 0n;
  }
}
