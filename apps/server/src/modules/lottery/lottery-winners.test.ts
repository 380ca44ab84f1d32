import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskAccount } from '../../common/mask-account.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { adjust, type WalletMember, walletMember } from '../../test/wallet.ts';
import { Ledger } from '../wallet/ledger.ts';
import { LotteryBets } from './bets.ts';
import { LotteryDraws } from './draws.ts';
import { LotterySettlement } from './settlement.ts';
import { LotteryWinners } from './winners.ts';

const context = useTestPortal();

/** A clock of its own, years ahead, so that these draws are never due for the app's own lottery job. */
let clock = Date.UTC(2032, 0, 1, 0, 0, 0);

let members: WalletMember[];

function services() {
  const db = context.portal.database.db;
  const ledger = new Ledger(db);
  const { catalogue } = context.portal.app.lottery;
  const house = () => ledger.systemAccount('lottery:house:bdt', 'house', 'BDT');
  const now = () => clock;
  return {
    db,
    draws: new LotteryDraws(db, catalogue, async () => {}, now),
    bets: new LotteryBets(db, ledger, catalogue, house, now),
    settlement: new LotterySettlement(db, ledger, catalogue, house),
  };
}

/** Draws a round of `game` with the number 5, after `member` bet on each given number, and settles it. */
async function playRound(game: string, atMs: number, picks: [WalletMember, string, string][]) {
  const lottery = services();
  clock = atMs;
  await lottery.draws.openAhead(3);
  const draw = await lottery.db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('game_code', '=', game)
    .where('open_at', '<=', new Date(atMs))
    .where('draw_at', '>', new Date(atMs))
    .executeTakeFirstOrThrow();
  for (const [member, selection, stake] of picks) {
    await lottery.bets.place(member.id, randomUUID(), {
      gameId: game,
      numero: draw.numero,
      betType: 'number',
      selection,
      stake,
      multiple: 1,
    });
  }
  await lottery.db
    .updateTable('lottery_draws')
    .set({ status: 'drawn', result: JSON.stringify({ number: 5 }) })
    .where('id', '=', draw.id)
    .execute();
  await lottery.settlement.settle(draw.id);
  return draw.numero;
}

function board(query = '') {
  return call(context.portal.app, { method: 'GET', url: `/lotto/lgw/winners${query}` });
}

beforeAll(async () => {
  members = [];
  for (let i = 0; i < 2; i++) {
    const member = await walletMember(context);
    await adjust(context, member.username, '1000.00');
    members.push(member);
  }
});

describe('the lottery winner board', () => {
  it('lists won bets newest settlement first, masked, by game and capped, in the asked language', async () => {
    const [winner, loser] = members as [WalletMember, WalletMember];
    expect((await board()).body.value).toEqual({ list: [] });

    // The number 5 pays 9 times the stake; the number 4 loses.
    const first = await playRound('WINGO_1M', Date.UTC(2032, 0, 1, 1, 0, 10), [
      [winner, '5', '10.00'],
      [loser, '4', '10.00'],
    ]);
    const second = await playRound('WINGO_3M', Date.UTC(2032, 0, 1, 2, 0, 10), [
      [winner, '5', '2.50'],
      [loser, '3', '10.00'],
    ]);

    const all = await board('?language=en');
    expect(all.status).toBe(200);
    const { list } = all.body.value;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      account: maskAccount(winner.username),
      gameId: 'WINGO_3M',
      gameName: 'Win Go 3 minutes',
      numero: second,
      betType: 'number',
      selection: '5',
      payout: '22.50',
    });
    expect(list[1]).toMatchObject({ gameId: 'WINGO_1M', numero: first, payout: '90.00' });
    expect(Date.parse(list[0].settledAt)).toBeGreaterThanOrEqual(Date.parse(list[1].settledAt));
    // Neither account shows in full, and the lost bets are not on the board.
    expect(JSON.stringify(list)).not.toContain(winner.username);
    expect(list.some((item: { account: string }) => item.account === maskAccount(loser.username))).toBe(false);

    const narrowed = (await board('?gameId=WINGO_1M&language=en')).body.value.list;
    expect(narrowed).toHaveLength(1);
    expect(narrowed[0]).toMatchObject({ gameId: 'WINGO_1M', numero: first, payout: '90.00' });
    expect((await board('?gameId=WINGO_5M')).body.value.list).toEqual([]);

    const capped = (await board('?count=1')).body.value.list;
    expect(capped).toHaveLength(1);
    expect(capped[0].gameId).toBe('WINGO_3M');

    expect((await board('?gameId=WINGO_1M&language=bn')).body.value.list[0].gameName).toBe('উইন গো ১ মিনিট');
    // Bengali is the default language.
    expect((await board('?gameId=WINGO_1M')).body.value.list[0].gameName).toBe('উইন গো ১ মিনিট');
  });

  it('keeps an answer per game, count and language for the cache time', async () => {
    const [winner] = members as [WalletMember];
    const { db } = services();
    const accounts = async (ids: string[]) => {
      const rows = await db.selectFrom('members').select(['id', 'account']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.account]));
    };
    const winners = new LotteryWinners(db, context.portal.app.lottery.catalogue, accounts, 60_000);
    const before = (await winners.latest(null, 50, 'en')).length;
    expect(before).toBe(2);
    await playRound('WINGO_5M', Date.UTC(2032, 0, 1, 3, 0, 10), [[winner, '5', '1.00']]);
    expect(await winners.latest(null, 50, 'en')).toHaveLength(before);
    expect(await winners.latest(null, 50, 'bn')).toHaveLength(before + 1);
    expect(await winners.latest(null, 49, 'en')).toHaveLength(before + 1);
    expect(await winners.latest('WINGO_5M', 50, 'en')).toHaveLength(1);
  });

  it('refuses a count above 50 and a malformed game id', async () => {
    expect((await board('?count=51')).status).toBe(400);
    expect((await board('?count=0')).status).toBe(400);
    expect((await board('?gameId=not%20a%20game')).status).toBe(400);
    expect((await board('?count=50')).status).toBe(200);
  });
});
