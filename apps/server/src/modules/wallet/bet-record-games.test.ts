import { randomUUID } from 'node:crypto';
import { today } from '@portal/shared/date-range';
import { HOUSE_GAME_NODES } from '@portal/shared/house-games';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { connectVendor, vendorSeat } from '../../test/vendor-rounds.ts';
import { adjust, walletMember } from '../../test/wallet.ts';
import { Ledger } from './ledger.ts';

const test = useTestPortal();

async function launch(nodeId: string, headers: Record<string, string>) {
  const launched = await call(test.portal.app, {
    method: 'GET',
    url: `/wps/game/launchGame?nodeId=${nodeId}&language=en`,
    headers,
  });
  expect(launched.status, JSON.stringify(launched.body)).toBe(200);
  return new URL(launched.body.value.url, 'http://portal.test').searchParams.get('token') ?? '';
}

async function play(path: string, payload: Record<string, unknown>) {
  const played = await call(test.portal.app, { method: 'POST', url: `/house/api/${path}`, payload });
  expect(played.status, JSON.stringify(played.body)).toBe(200);
  return played.body.value;
}

async function betRecord(headers: Record<string, string>, language: string) {
  const day = today();
  const answer = await call(test.portal.app, {
    method: 'GET',
    url: `/wps/wallet/records/bets?from=${day}&to=${day}&language=${language}`,
    headers,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value.list as Record<string, unknown>[];
}

describe('bet record: the game, vendor and round of each house-game round', () => {
  it('names the slot, dice and baccarat in the asked language, with the vendor, the round and its reference', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '500.00');
    const slot = await launch(HOUSE_GAME_NODES.slot, member.headers);
    await play('slot/spin', { token: slot, roundKey: randomUUID(), betPerLine: '0.10' });
    const dice = await launch(HOUSE_GAME_NODES.dice, member.headers);
    const rolled = await play('dice/roll', {
      token: dice,
      roundKey: randomUUID(),
      amount: '1.00',
      direction: 'under',
      target: 5000,
    });
    const baccarat = await launch(HOUSE_GAME_NODES.baccarat, member.headers);
    await play('baccarat/deal', { token: baccarat, roundKey: randomUUID(), bets: { banker: '20.00' } });

    const english = await betRecord(member.headers, 'en');
    expect(english).toHaveLength(3);
    // Newest first: baccarat, dice, slot.
    expect(english.map((row) => row.gameName)).toEqual(['Royal Baccarat', 'Fair Dice', 'Lucky Lanterns']);
    expect(english.map((row) => row.nodeId)).toEqual([
      HOUSE_GAME_NODES.baccarat,
      HOUSE_GAME_NODES.dice,
      HOUSE_GAME_NODES.slot,
    ]);
    for (const row of english) {
      expect(row.vendorCode).toBe('HOUSE');
      expect(row.vendorName).toBe('Originals');
      expect(row.roundId).toMatch(/^H[0-9a-f]{24}$/);
      // The reference stays, for the row's detail.
      expect(row.reference).toBe(`bet:HOUSE:${row.roundId}`);
    }
    expect(english[1]).toMatchObject({ roundId: rolled.roundId, stake: '1.00' });

    const bengali = await betRecord(member.headers, 'bn');
    expect(bengali.map((row) => row.gameName)).toEqual(['রয়্যাল ব্যাকারাট', 'ফেয়ার ডাইস', 'লাকি লণ্ঠন']);
    expect(bengali.map((row) => row.roundId)).toEqual(english.map((row) => row.roundId));
  });

  it('keeps a bet that is not a vendor round, without a game', async () => {
    const member = await walletMember(test);
    await adjust(test, member.username, '50.00');
    const ledger = new Ledger(test.portal.database.db);
    const cash = await ledger.memberAccount(member.id, 'member_cash');
    const house = await ledger.systemAccount('house:bdt', 'house');
    await ledger.post({
      type: 'bet',
      reference: `bet:manual-${member.id}`,
      lines: [
        { accountId: cash, amountMinor: -500n },
        { accountId: house, amountMinor: 500n },
      ],
    });
    const [row] = await betRecord(member.headers, 'en');
    expect(row).toMatchObject({
      reference: `bet:manual-${member.id}`,
      gameName: null,
      vendorCode: null,
      vendorName: null,
      roundId: null,
      stake: '5.00',
    });
  });

  it('refuses a language it does not speak', async () => {
    const member = await walletMember(test);
    const day = today();
    const answer = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/wallet/records/bets?from=${day}&to=${day}&language=fr`,
      headers: member.headers,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION');
  });
});

describe('bet record: rounds played at an outside vendor through the seamless API', () => {
  it('shows each round with its game, the vendor and the round id, and the stake, payout and state', async () => {
    const pg = await connectVendor(test, { code: 'PG', secret: 'bet-record-secret-0123456789abcdef0123456789' }, [
      { nodeId: 'PG-record-1', nameEn: 'Record Tiger', nameBn: 'রেকর্ড বাঘ' },
      { nodeId: 'PG-record-2', nameEn: 'Record Dragon', nameBn: 'রেকর্ড ড্রাগন' },
    ]);
    const member = await walletMember(test);
    await adjust(test, member.username, '50.00');
    // Launched one game; the vendor's lobby let the member play the other too.
    const seat = await vendorSeat(test, pg, member, 'PG-record-1');
    const won = await seat.round('PG-record-1', '2.00', { win: '5.00' });
    const rolledBack = await seat.round('PG-record-1', '3.00', { rollback: true });
    const lost = await seat.round('PG-record-2', '1.00', { win: '0.00' });
    const open = await seat.round('PG-record-2', '0.50');
    const unlisted = await seat.round('PG-not-listed', '0.20', { win: '0.40' });

    const english = await betRecord(member.headers, 'en');
    expect(english.map((row) => row.roundId)).toEqual(
      [unlisted, open, lost, rolledBack, won].map((round) => round.roundId),
    );
    const row = (round: { roundId: string }) => english.find((r) => r.roundId === round.roundId);
    expect(row(won)).toMatchObject({
      gameName: 'Record Tiger',
      nodeId: 'PG-record-1',
      vendorCode: 'PG',
      vendorName: 'PG Soft',
      reference: `bet:PG:${won.roundId}`,
      stake: '2.00',
      payout: '5.00',
      net: '3.00',
      status: 'settled',
    });
    expect(row(rolledBack)).toMatchObject({
      gameName: 'Record Tiger',
      vendorName: 'PG Soft',
      stake: '3.00',
      payout: '3.00',
      net: '0.00',
      status: 'refunded',
    });
    expect(row(lost)).toMatchObject({
      gameName: 'Record Dragon',
      nodeId: 'PG-record-2',
      stake: '1.00',
      payout: '0.00',
      net: '-1.00',
      status: 'settled',
    });
    expect(row(open)).toMatchObject({ gameName: 'Record Dragon', stake: '0.50', payout: '0.00', status: 'open' });
    // A game the catalogue does not list keeps its vendor and round, without a name.
    expect(row(unlisted)).toMatchObject({
      gameName: null,
      nodeId: 'PG-not-listed',
      vendorName: 'PG Soft',
      roundId: unlisted.roundId,
      payout: '0.40',
      status: 'settled',
    });

    const bengali = await betRecord(member.headers, 'bn');
    expect(bengali.map((r) => r.gameName)).toEqual([null, 'রেকর্ড ড্রাগন', 'রেকর্ড ড্রাগন', 'রেকর্ড বাঘ', 'রেকর্ড বাঘ']);
  });
});
