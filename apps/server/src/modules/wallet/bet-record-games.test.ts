import { randomUUID } from 'node:crypto';
import { today } from '@portal/shared/date-range';
import { HOUSE_GAME_NODES } from '@portal/shared/house-games';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
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
