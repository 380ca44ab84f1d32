// The conformance suite of the seamless wallet: every vendor adapter's test file runs it with its own setup.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortalContext } from '../../test/members.ts';
import { reconcile } from '../../test/wallet.ts';
import type { CallOptions, SeamlessAnswer, SeamlessCaller } from './client.ts';
import { BODY_LIMIT_BYTES, type Operation } from './protocol.ts';

/** A player with a live launch session and money, as the setup made them. */
export interface ConformancePlayer {
  playerId: string;
  /** The launch token the vendor got for the session. */
  token: string;
  currency: string;
  /** The game the session was opened for. */
  gameId: string;
}

export interface ConformanceSetup {
  /** The portal (its database, for the journal) and an operator's headers (for the reconciliation). */
  context: PortalContext;
  vendorCode: string;
  /** Signs and sends calls; `call(operation, body)` takes this protocol's bodies, whatever the adapter speaks. */
  client: SeamlessCaller;
  /** A fresh player holding `balance` (e.g. "100.00") with a live launch session. */
  player(balance: string): Promise<ConformancePlayer>;
  /** Ends the player's launch session, as when the token expires. */
  endSession(player: ConformancePlayer): Promise<void>;
}

/**
 * Registers the conformance tests of a seamless-wallet integration: retries, duplicates, rollbacks in and out of
 * order, wins, concurrency, signatures, sessions and bad input, each group ending with the books reconciled.
 * `setup` runs once, before the first test (after the portal has started).
 */
export function describeSeamlessConformance(name: string, setup: () => Promise<ConformanceSetup>): void {
  describe(`seamless wallet conformance: ${name}`, () => {
    let s: ConformanceSetup;
    beforeAll(async () => {
      s = await setup();
    });

    const call = <K extends Operation>(operation: K, body: Record<string, unknown>, options?: CallOptions) =>
      s.client.call(operation, body, options);

    function bet(player: ConformancePlayer, fields: Record<string, unknown> = {}, options?: CallOptions) {
      return call(
        'bet',
        {
          txId: newId('bet'),
          token: player.token,
          playerId: player.playerId,
          roundId: newId('round'),
          gameId: player.gameId,
          amount: '1.00',
          currency: player.currency,
          ...fields,
        },
        options,
      );
    }

    function win(player: ConformancePlayer, fields: Record<string, unknown>) {
      return call('win', {
        txId: newId('win'),
        playerId: player.playerId,
        amount: '0.00',
        currency: player.currency,
        ...fields,
      });
    }

    function rollback(player: ConformancePlayer, fields: Record<string, unknown>) {
      return call('rollback', {
        txId: newId('rollback'),
        playerId: player.playerId,
        currency: player.currency,
        ...fields,
      });
    }

    async function balance(player: ConformancePlayer): Promise<string> {
      const answer = await call('balance', { playerId: player.playerId, currency: player.currency });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.value?.balance as string;
    }

    /** How many journal entries the transaction id posted (the ledger key is `vendor:<code>:<txId>`). */
    async function entriesOf(txId: string): Promise<number> {
      const rows = await s.context.portal.database.db
        .selectFrom('journal_entries')
        .select('id')
        .where('idempotency_key', '=', `vendor:${s.vendorCode}:${txId}`)
        .execute();
      return rows.length;
    }

    function booksBalance() {
      it('keeps the books balanced', async () => {
        expect((await reconcile(s.context)).ok).toBe(true);
      });
    }

    describe('retries', () => {
      it('applies 50 identical bets sent at once exactly once and answers them identically', async () => {
        const player = await s.player('100.00');
        const fields = { txId: newId('bet'), roundId: newId('round'), amount: '7.25' };
        const answers = await Promise.all(Array.from({ length: 50 }, () => bet(player, fields)));
        expectOk(answers[0]);
        expect(answers[0]?.body.value).toEqual({ txId: fields.txId, balance: '92.75', currency: player.currency });
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          expect(answer.body).toEqual(answers[0]?.body);
        }
        expect(await balance(player)).toBe('92.75');
        expect(await entriesOf(fields.txId)).toBe(1);
      });

      it('answers a retried bet, win and rollback as the first time, after the balance moved on', async () => {
        const player = await s.player('50.00');
        const round = newId('round');
        const first = { txId: newId('bet'), roundId: round, amount: '10.00' };
        const placed = await bet(player, first);
        expectBalance(placed, '40.00');
        const paid = { txId: newId('win'), roundId: round, betTxId: first.txId, amount: '5.00' };
        expectBalance(await win(player, paid), '45.00');
        const second = { txId: newId('bet'), roundId: newId('round'), amount: '20.00' };
        expectBalance(await bet(player, second), '25.00');
        const refund = { txId: newId('rollback'), roundId: second.roundId, betTxId: second.txId };
        expectBalance(await rollback(player, refund), '45.00');
        expectBalance(await bet(player, { amount: '1.50' }), '43.50');

        expect((await bet(player, first)).body).toEqual(placed.body);
        expectBalance(await win(player, paid), '45.00');
        expectBalance(await bet(player, second), '25.00');
        expectBalance(await rollback(player, refund), '45.00');
        expect(await balance(player)).toBe('43.50');
        for (const txId of [first.txId, paid.txId, second.txId, refund.txId]) expect(await entriesOf(txId)).toBe(1);
      });

      it('answers a retried bet identically after the session ended', async () => {
        const player = await s.player('20.00');
        const fields = { txId: newId('bet'), roundId: newId('round'), amount: '2.00' };
        const placed = await bet(player, fields);
        expectBalance(placed, '18.00');
        await s.endSession(player);
        const retried = await bet(player, fields);
        expect(retried.status).toBe(200);
        expect(retried.body).toEqual(placed.body);
        expect(await balance(player)).toBe('18.00');
      });

      booksBalance();
    });

    describe('duplicates', () => {
      it('refuses a bet id reused with another amount, player, round, game or currency, writing nothing', async () => {
        const player = await s.player('100.00');
        const other = await s.player('100.00');
        const original = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        const placed = await bet(player, original);
        expectBalance(placed, '90.00');
        const variants: Record<string, unknown>[] = [
          { amount: '11.00' },
          { amount: '10.01' },
          { playerId: other.playerId, token: other.token },
          { roundId: newId('round') },
          { gameId: `${player.gameId}-other` },
          { currency: player.currency === 'USD' ? 'EUR' : 'USD' },
        ];
        for (const variant of variants) {
          const refused = await bet(player, { ...original, ...variant });
          expectRefused(refused, 409, 'DUPLICATE_TRANSACTION', JSON.stringify(variant));
        }
        const parallel = await Promise.all(variants.map((variant) => bet(player, { ...original, ...variant })));
        for (const refused of parallel) expectRefused(refused, 409, 'DUPLICATE_TRANSACTION');
        expect(await balance(player)).toBe('90.00');
        expect(await balance(other)).toBe('100.00');
        expect(await entriesOf(original.txId)).toBe(1);
        expect((await bet(player, original)).body).toEqual(placed.body);
      });

      it('refuses a transaction id used again for another kind of call', async () => {
        const player = await s.player('100.00');
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        expectBalance(await bet(player, placed), '90.00');
        const asWin = await win(player, { txId: placed.txId, roundId: placed.roundId, amount: '10.00' });
        expectRefused(asWin, 409, 'DUPLICATE_TRANSACTION');
        const asRollback = await rollback(player, {
          txId: placed.txId,
          roundId: placed.roundId,
          betTxId: newId('bet'),
        });
        expectRefused(asRollback, 409, 'DUPLICATE_TRANSACTION');
        const paid = { txId: newId('win'), roundId: placed.roundId, amount: '3.00' };
        expectBalance(await win(player, paid), '93.00');
        expectRefused(await bet(player, { ...placed, txId: paid.txId }), 409, 'DUPLICATE_TRANSACTION');
        expect(await balance(player)).toBe('93.00');
      });

      it('refuses a win id reused with another amount, bet or round end', async () => {
        const player = await s.player('100.00');
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        expectBalance(await bet(player, placed), '90.00');
        const paid = { txId: newId('win'), roundId: placed.roundId, betTxId: placed.txId, amount: '5.00' };
        expectBalance(await win(player, paid), '95.00');
        for (const variant of [{ amount: '6.00' }, { amount: '0.00' }, { betTxId: undefined }, { roundClosed: true }]) {
          expectRefused(
            await win(player, { ...paid, ...variant }),
            409,
            'DUPLICATE_TRANSACTION',
            JSON.stringify(variant),
          );
        }
        const zero = { txId: newId('win'), roundId: placed.roundId, amount: '0.00' };
        expectBalance(await win(player, zero), '95.00');
        expectRefused(await win(player, { ...zero, amount: '0.01' }), 409, 'DUPLICATE_TRANSACTION');
        expect(await balance(player)).toBe('95.00');
        expect(await entriesOf(paid.txId)).toBe(1);
        expect(await entriesOf(zero.txId)).toBe(0);
      });

      booksBalance();
    });

    describe('rollbacks', () => {
      it('refunds exactly the stake once, however often and under whatever ids it is asked', async () => {
        const player = await s.player('100.00');
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '30.00' };
        expectBalance(await bet(player, placed), '70.00');
        const refund = { txId: newId('rollback'), roundId: placed.roundId, betTxId: placed.txId };
        const answers = await Promise.all(Array.from({ length: 10 }, () => rollback(player, refund)));
        for (const answer of answers) {
          expectBalance(answer, '100.00');
          expect(answer.body).toEqual(answers[0]?.body);
        }
        const again = { ...refund, txId: newId('rollback') };
        expectBalance(await rollback(player, again), '100.00');
        expect(await balance(player)).toBe('100.00');
        expect(await entriesOf(refund.txId)).toBe(1);
        expect(await entriesOf(again.txId)).toBe(0);
      });

      it('remembers a rollback that arrives before its bet and refuses the late bet', async () => {
        const player = await s.player('100.00');
        const late = { txId: newId('bet'), roundId: newId('round'), amount: '25.00' };
        const refund = { txId: newId('rollback'), roundId: late.roundId, betTxId: late.txId };
        const remembered = await rollback(player, refund);
        expectBalance(remembered, '100.00');
        expectRefused(await bet(player, late), 409, 'BET_ROLLED_BACK');
        expect(await balance(player)).toBe('100.00');
        expect((await rollback(player, refund)).body).toEqual(remembered.body);
        expectRefused(await bet(player, late), 409, 'BET_ROLLED_BACK');
        const paid = { roundId: late.roundId, betTxId: late.txId, amount: '50.00' };
        expectRefused(await win(player, paid), 409, 'BET_ROLLED_BACK');
        expect(await balance(player)).toBe('100.00');
        expect(await entriesOf(late.txId)).toBe(0);
        expect(await entriesOf(refund.txId)).toBe(0);
      });

      it('keeps a bet and its rollback consistent when they race', async () => {
        const player = await s.player('1000.00');
        const outcomes = await Promise.all(
          Array.from({ length: 12 }, async (_, i) => {
            const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
            const refund = { txId: newId('rollback'), roundId: placed.roundId, betTxId: placed.txId };
            const [b, r] =
              i % 2 === 0
                ? await Promise.all([bet(player, placed), rollback(player, refund)])
                : await Promise.all([rollback(player, refund), bet(player, placed)]).then(([x, y]) => [y, x] as const);
            expect(r.status, JSON.stringify(r.body)).toBe(200);
            if (b.status !== 200) expectRefused(b, 409, 'BET_ROLLED_BACK');
            // Whatever the order, the retried bet now agrees with the first answer and the stake is back.
            expect((await bet(player, placed)).status).toBe(b.status);
            return b.status;
          }),
        );
        expect(outcomes.every((status) => status === 200 || status === 409)).toBe(true);
        expect(await balance(player)).toBe('1000.00');
      });

      it("refuses a rollback naming another player's bet or another round", async () => {
        const player = await s.player('100.00');
        const other = await s.player('100.00');
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        expectBalance(await bet(player, placed), '90.00');
        const stranger = await rollback(other, { roundId: placed.roundId, betTxId: placed.txId });
        expectRefused(stranger, 404, 'BET_NOT_FOUND');
        const elsewhere = await rollback(player, { roundId: newId('round'), betTxId: placed.txId });
        expectRefused(elsewhere, 404, 'BET_NOT_FOUND');
        expect(await balance(player)).toBe('90.00');
        expect(await balance(other)).toBe('100.00');
        expectBalance(await win(player, { roundId: placed.roundId, betTxId: placed.txId, amount: '1.00' }), '91.00');
      });

      booksBalance();
    });

    describe('wins', () => {
      it('pays wins on a bet, named by its id or by its round', async () => {
        const player = await s.player('100.00');
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        expectBalance(await bet(player, placed), '90.00');
        expectBalance(await win(player, { roundId: placed.roundId, betTxId: placed.txId, amount: '25.00' }), '115.00');
        expectBalance(await win(player, { roundId: placed.roundId, amount: '5.00' }), '120.00');
        expect(await balance(player)).toBe('120.00');
      });

      it('refuses a win for an unknown bet or round, writing nothing', async () => {
        const player = await s.player('100.00');
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        expectBalance(await bet(player, placed), '90.00');
        const unknownBet = { txId: newId('win'), roundId: placed.roundId, betTxId: newId('bet'), amount: '20.00' };
        expectRefused(await win(player, unknownBet), 404, 'BET_NOT_FOUND');
        const unknownRound = { txId: newId('win'), roundId: newId('round'), amount: '20.00' };
        expectRefused(await win(player, unknownRound), 404, 'BET_NOT_FOUND');
        const otherRound = { txId: newId('win'), roundId: newId('round'), betTxId: placed.txId, amount: '20.00' };
        expectRefused(await win(player, otherRound), 404, 'BET_NOT_FOUND');
        expect(await balance(player)).toBe('90.00');
        for (const refused of [unknownBet, unknownRound, otherRound]) expect(await entriesOf(refused.txId)).toBe(0);
        // Nothing was claimed: the refused win's id pays once its bet is there.
        expectBalance(await win(player, { ...unknownRound, roundId: placed.roundId }), '110.00');
      });

      it('refuses a win for a rolled-back bet', async () => {
        const player = await s.player('100.00');
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        expectBalance(await bet(player, placed), '90.00');
        expectBalance(await rollback(player, { roundId: placed.roundId, betTxId: placed.txId }), '100.00');
        const byBet = await win(player, { roundId: placed.roundId, betTxId: placed.txId, amount: '30.00' });
        expectRefused(byBet, 409, 'BET_ROLLED_BACK');
        expectRefused(await win(player, { roundId: placed.roundId, amount: '30.00' }), 409, 'BET_ROLLED_BACK');
        expect(await balance(player)).toBe('100.00');
      });

      it('closes a round with a zero win; later bets in it are refused', async () => {
        const player = await s.player('100.00');
        const round = newId('round');
        expectBalance(await bet(player, { roundId: round, amount: '10.00' }), '90.00');
        const lost = { txId: newId('win'), roundId: round, amount: '0.00', roundClosed: true };
        const closed = await win(player, lost);
        expectBalance(closed, '90.00');
        const late = await bet(player, { roundId: round, amount: '10.00' });
        expectRefused(late, 409, 'ROUND_CLOSED');
        expect(late.body.value?.balance).toBe('90.00');
        expect((await win(player, lost)).body).toEqual(closed.body);
        expectBalance(await bet(player, { amount: '10.00' }), '80.00');
        expect(await balance(player)).toBe('80.00');
      });

      booksBalance();
    });

    describe('concurrency', () => {
      it('applies concurrent bets in one round up to the balance and never below zero', async () => {
        const player = await s.player('100.00');
        const round = newId('round');
        const answers = await Promise.all(
          Array.from({ length: 25 }, () => bet(player, { roundId: round, amount: '10.00' })),
        );
        const accepted = answers.filter((a) => a.status === 200);
        const refused = answers.filter((a) => a.status !== 200);
        expect(accepted).toHaveLength(10);
        for (const answer of refused) {
          expectRefused(answer, 409, 'INSUFFICIENT_FUNDS');
          expect(answer.body.value?.balance).toMatch(/^\d+\.\d{2}$/);
        }
        const after = accepted.map((a) => a.body.value?.balance).sort();
        expect(after).toEqual([
          '0.00',
          '10.00',
          '20.00',
          '30.00',
          '40.00',
          '50.00',
          '60.00',
          '70.00',
          '80.00',
          '90.00',
        ]);
        expect(await balance(player)).toBe('0.00');
        expectBalance(await win(player, { roundId: round, amount: '45.00', roundClosed: true }), '45.00');
      });

      it('answers insufficient funds with the current balance and writes nothing', async () => {
        const player = await s.player('5.00');
        const placed = { txId: newId('bet'), amount: '5.01' };
        const refused = await bet(player, placed);
        expectRefused(refused, 409, 'INSUFFICIENT_FUNDS');
        expect(refused.body.value?.balance).toBe('5.00');
        expect(await entriesOf(placed.txId)).toBe(0);
        expectBalance(await bet(player, { ...placed, amount: '5.00' }), '0.00');
      });

      booksBalance();
    });

    describe('signatures', () => {
      it('refuses missing, forged, stale and future signatures, and bodies changed after signing', async () => {
        const player = await s.player('100.00');
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        const refusals: CallOptions[] = [
          { signature: 'missing' },
          { signature: 'forged' },
          { signature: 'stale' },
          { signature: 'stale', staleSeconds: 3600 },
          { signature: 'future', staleSeconds: 600 },
          { afterSigning: (raw) => raw.replace('"10.00"', '"1.00"') },
          { afterSigning: (raw) => raw.replace(placed.txId, `${placed.txId}x`) },
          { afterSigning: (raw) => `${raw} ` },
        ];
        for (const options of refusals) {
          const refused = await bet(player, placed, options);
          expectRefused(refused, 401, 'VENDOR_SIGNATURE_INVALID', JSON.stringify(options));
        }
        for (const operation of ['authenticate', 'balance'] as const) {
          const body =
            operation === 'balance'
              ? { playerId: player.playerId, currency: player.currency }
              : { token: player.token };
          const refused = await call(operation, body, { signature: 'missing' });
          expectRefused(refused, 401, 'VENDOR_SIGNATURE_INVALID');
        }
        expect(await balance(player)).toBe('100.00');
        expect(await entriesOf(placed.txId)).toBe(0);
        expectBalance(await bet(player, placed), '90.00');
      });

      it('accepts a signature made a little before or after now', async () => {
        const player = await s.player('10.00');
        expectBalance(await bet(player, { amount: '1.00' }, { signature: 'stale', staleSeconds: 240 }), '9.00');
        expectBalance(await bet(player, { amount: '1.00' }, { signature: 'future', staleSeconds: 240 }), '8.00');
      });

      booksBalance();
    });

    describe('sessions', () => {
      it('authenticates a live launch token', async () => {
        const player = await s.player('12.34');
        const answer = await call('authenticate', { token: player.token });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.body.value).toEqual({ playerId: player.playerId, balance: '12.34', currency: player.currency });
      });

      it('refuses bets once the session ended, and still takes wins and rollbacks', async () => {
        const player = await s.player('100.00');
        const paid = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        const refunded = { txId: newId('bet'), roundId: newId('round'), amount: '20.00' };
        expectBalance(await bet(player, paid), '90.00');
        expectBalance(await bet(player, refunded), '70.00');
        await s.endSession(player);
        const refused = await bet(player, { amount: '1.00' });
        expectRefused(refused, 401, 'SESSION_EXPIRED');
        expectBalance(await win(player, { roundId: paid.roundId, betTxId: paid.txId, amount: '15.00' }), '85.00');
        expectBalance(await rollback(player, { roundId: refunded.roundId, betTxId: refunded.txId }), '105.00');
        expectRefused(await call('authenticate', { token: player.token }), 401, 'SESSION_EXPIRED');
        expect(await balance(player)).toBe('105.00');
      });

      it('refuses a bet with an unknown launch token', async () => {
        const player = await s.player('10.00');
        const forged = { token: newToken() };
        expectRefused(await bet(player, forged), 401, 'SESSION_EXPIRED');
        expectRefused(await call('authenticate', forged), 401, 'SESSION_EXPIRED');
        expect(await balance(player)).toBe('10.00');
      });

      booksBalance();
    });

    describe('bad input', () => {
      it('refuses bad amounts with 400 and writes nothing', async () => {
        const player = await s.player('100.00');
        const amounts: unknown[] = [
          '-1.00',
          '1.001',
          '1e3',
          '1E2',
          12.5,
          10,
          null,
          '0.00',
          '0',
          '',
          ' 1.00',
          '1,00',
          '+1.00',
          '0x10',
          'NaN',
          'Infinity',
          '9007199254740993',
          '90071992547409.93',
        ];
        for (const amount of amounts) {
          const txId = newId('bet');
          const refused = await bet(player, { txId, amount });
          expect(refused.status, `${JSON.stringify(amount)}: ${JSON.stringify(refused.body)}`).toBe(400);
          expect(await entriesOf(txId)).toBe(0);
        }
        const placed = { txId: newId('bet'), roundId: newId('round'), amount: '10.00' };
        expectBalance(await bet(player, placed), '90.00');
        for (const amount of ['-0.01', '-1.00', '1.001', 5, '1e1', null]) {
          const txId = newId('win');
          const refused = await win(player, { txId, roundId: placed.roundId, amount });
          expect(refused.status, `${JSON.stringify(amount)}: ${JSON.stringify(refused.body)}`).toBe(400);
          expect(await entriesOf(txId)).toBe(0);
        }
        expect(await balance(player)).toBe('90.00');
      });

      it('refuses an oversized body with 413', async () => {
        const player = await s.player('10.00');
        const body = JSON.stringify({
          txId: newId('bet'),
          token: player.token,
          playerId: player.playerId,
          roundId: newId('round'),
          gameId: player.gameId,
          amount: '1.00',
          currency: player.currency,
          padding: 'x'.repeat(BODY_LIMIT_BYTES),
        });
        const refused = await s.client.callRaw('bet', body);
        expect(refused.status).toBe(413);
        expect(await balance(player)).toBe('10.00');
      });

      it('refuses bodies that are not JSON, lack fields or carry unknown ones', async () => {
        const player = await s.player('10.00');
        expect((await s.client.callRaw('bet', 'not json')).status).toBe(400);
        expect((await s.client.callRaw('bet', '')).status).toBe(400);
        expect((await bet(player, { txId: undefined })).status).toBe(400);
        expect((await bet(player, { extra: 'field' })).status).toBe(400);
        expect((await bet(player, { roundId: 'spaces are not ids' })).status).toBe(400);
        expect((await rollback(player, { roundId: newId('round') })).status).toBe(400);
        expect(await balance(player)).toBe('10.00');
      });

      it('answers an unknown player with 404', async () => {
        const player = await s.player('10.00');
        const nobody = { ...player, playerId: `nobody${Date.now()}` };
        expectRefused(
          await call('balance', { playerId: nobody.playerId, currency: player.currency }),
          404,
          'PLAYER_NOT_FOUND',
        );
        expectRefused(await bet(nobody), 404, 'PLAYER_NOT_FOUND');
        expectRefused(await win(nobody, { roundId: newId('round'), amount: '1.00' }), 404, 'PLAYER_NOT_FOUND');
      });

      booksBalance();
    });
  });
}

let idCounter = 0;
/** A transaction or round id no other test uses. */
function newId(prefix: string): string {
  idCounter += 1;
  return `${prefix}-${idCounter}-${randomUUID().slice(0, 8)}`;
}

function newToken(): string {
  return randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
}

function expectOk(answer: SeamlessAnswer | undefined) {
  expect(answer?.status, JSON.stringify(answer?.body)).toBe(200);
  expect(answer?.body.success).toBe(true);
}

function expectBalance(answer: SeamlessAnswer, balance: string) {
  expectOk(answer);
  expect(answer.body.value?.balance, JSON.stringify(answer.body)).toBe(balance);
}

function expectRefused(answer: SeamlessAnswer, status: number, code: string, note = '') {
  expect(answer.status, `${note} ${JSON.stringify(answer.body)}`).toBe(status);
  expect(answer.body.success).toBe(false);
  expect(answer.body.code, note).toBe(code);
}
