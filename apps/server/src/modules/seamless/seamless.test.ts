import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, memberIdOf, nextIp, registered } from '../../test/members.ts';
import { adjust, reconcile } from '../../test/wallet.ts';
import { httpTransport, injectTransport, SeamlessClient } from './client.ts';
import { type ConformancePlayer, describeSeamlessConformance } from './conformance.ts';
import { hashToken } from './sessions.ts';

const test = useTestPortal();

const VENDOR = 'PG';
const SECRET = 'pg-test-secret-0123456789abcdef-0123456789';
const GAME = 'pg-fortune-tiger';

function clientOf(vendorCode: string, secret = SECRET) {
  return new SeamlessClient({ vendorCode, secret, transport: injectTransport(test.portal.app) });
}

const memberId = (account: string) => memberIdOf(test, account);

/** A registered member with `balance` of cash and a live session at the vendor. */
async function fundedPlayer(vendorCode: string, balance: string) {
  const member = await registered(test.portal.app);
  if (balance !== '0.00') await adjust(test, member.username, balance);
  const id = await memberId(member.username);
  const token = await test.portal.app.seamless.openSession({
    memberId: id,
    vendorCode,
    nodeId: GAME,
    currency: 'BDT',
    demo: false,
  });
  return { playerId: member.username, token, currency: 'BDT', gameId: GAME, memberId: id, login: member.token };
}

type Funded = Awaited<ReturnType<typeof fundedPlayer>>;

describeSeamlessConformance('the portal protocol over app.inject', async () => {
  await test.portal.app.seamless.configureVendor({ code: VENDOR, secret: SECRET, currency: 'BDT' });
  return {
    context: test,
    vendorCode: VENDOR,
    client: clientOf(VENDOR),
    player: (balance) => fundedPlayer(VENDOR, balance),
    endSession: (player: ConformancePlayer) => test.portal.app.seamless.closeSession(player.token),
  };
});

describe('seamless wallet integrations', () => {
  it('answers 404 for a vendor nobody configured', async () => {
    const answer = await clientOf('NOPE').call('balance', { playerId: 'someone', currency: 'BDT' });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('NOT_FOUND');
    expect((await clientOf('pg').call('balance', { playerId: 'someone', currency: 'BDT' })).status).toBe(404);
  });

  it('refuses a signed call carrying text the database cannot store, before any lookup', async () => {
    await test.portal.app.seamless.configureVendor({ code: VENDOR, secret: SECRET, currency: 'BDT' });
    for (const playerId of ['nul\u0000player', 'half\ud800']) {
      const answer = await clientOf(VENDOR).call('balance', { playerId, currency: 'BDT' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body).toMatchObject({ code: 'TEXT_UNSTORABLE', value: { field: 'playerId' } });
    }
  });

  it('refuses bets and launches at a disabled vendor, and still settles what was bet', async () => {
    const secret = 'jili-test-secret-0123456789abcdef-0123';
    await test.portal.app.seamless.configureVendor({ code: 'JILI', secret, currency: 'BDT' });
    const client = clientOf('JILI', secret);
    const player = await fundedPlayer('JILI', '100.00');
    const bet = (txId: string, roundId: string) =>
      client.call('bet', {
        txId,
        token: player.token,
        playerId: player.playerId,
        roundId,
        gameId: GAME,
        amount: '10.00',
        currency: 'BDT',
      });
    expect((await bet('j-bet-1', 'j-round-1')).status).toBe(200);
    expect((await bet('j-bet-2', 'j-round-2')).status).toBe(200);

    await test.portal.app.seamless.configureVendor({ code: 'JILI', secret, currency: 'BDT', enabled: false });
    const refused = await bet('j-bet-3', 'j-round-3');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('VENDOR_DISABLED');
    expect((await client.call('authenticate', { token: player.token })).status).toBe(403);
    await expect(
      test.portal.app.seamless.openSession({
        memberId: player.memberId,
        vendorCode: 'JILI',
        nodeId: GAME,
        currency: 'BDT',
        demo: false,
      }),
    ).rejects.toMatchObject({ statusCode: 503, code: 'GAME_MAINTENANCE' });
    const paid = await client.call('win', {
      txId: 'j-win-1',
      playerId: player.playerId,
      roundId: 'j-round-1',
      betTxId: 'j-bet-1',
      amount: '30.00',
      currency: 'BDT',
      roundClosed: true,
    });
    expect(paid.body.value?.balance).toBe('110.00');
    const refunded = await client.call('rollback', {
      txId: 'j-rb-2',
      playerId: player.playerId,
      roundId: 'j-round-2',
      betTxId: 'j-bet-2',
      currency: 'BDT',
    });
    expect(refunded.body.value?.balance).toBe('120.00');
  });

  it('plays a trial member with demo money only', async () => {
    const { members, wallet } = test.portal.app.services;
    const trial = await members.createTrial(nextIp());
    await wallet.grantDemoBalance(trial.id);
    const seamless = test.portal.app.seamless;
    await expect(
      seamless.openSession({ memberId: trial.id, vendorCode: VENDOR, nodeId: GAME, currency: 'BDT', demo: false }),
    ).rejects.toMatchObject({ statusCode: 403, code: 'NEED_REAL_ACCOUNT' });
    const token = await seamless.openSession({
      memberId: trial.id,
      vendorCode: VENDOR,
      nodeId: GAME,
      currency: 'DEMO',
      demo: true,
    });
    const client = clientOf(VENDOR);
    const who = await client.call('authenticate', { token });
    expect(who.body.value).toEqual({ playerId: trial.account, balance: '2000.00', currency: 'DEMO' });
    const bet = { txId: 'demo-bet-1', token, playerId: trial.account, roundId: 'demo-round-1', gameId: GAME };
    const placed = await client.call('bet', { ...bet, amount: '100.00', currency: 'DEMO' });
    expect(placed.body.value).toEqual({ txId: 'demo-bet-1', balance: '1900.00', currency: 'DEMO' });
    const real = await client.call('bet', { ...bet, txId: 'demo-bet-2', amount: '1.00', currency: 'BDT' });
    expect(real.status).toBe(400);
    expect(real.body.code).toBe('CURRENCY_MISMATCH');
    const won = await client.call('win', {
      txId: 'demo-win-1',
      playerId: trial.account,
      roundId: 'demo-round-1',
      amount: '250.00',
      currency: 'DEMO',
      roundClosed: true,
    });
    expect(won.body.value?.balance).toBe('2150.00');
    expect((await reconcile(test)).ok).toBe(true);
  });

  it("groups a round's bet, win and refund in the member's bet record", async () => {
    const player = await fundedPlayer(VENDOR, '100.00');
    const client = clientOf(VENDOR);
    const base = { playerId: player.playerId, currency: 'BDT' };
    await client.call('bet', {
      ...base,
      txId: 'rec-bet-1',
      token: player.token,
      roundId: 'rec-1',
      gameId: GAME,
      amount: '10.00',
    });
    await client.call('bet', {
      ...base,
      txId: 'rec-bet-2',
      token: player.token,
      roundId: 'rec-1',
      gameId: GAME,
      amount: '5.00',
    });
    await client.call('rollback', { ...base, txId: 'rec-rb-2', roundId: 'rec-1', betTxId: 'rec-bet-2' });
    await client.call('win', { ...base, txId: 'rec-win-1', roundId: 'rec-1', amount: '24.00', roundClosed: true });
    const day = (offset: number) =>
      new Date(Date.now() + 6 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const records = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/wallet/records/bets?from=${day(-1)}&to=${day(1)}&pageNo=1&pageSize=10`,
      headers: bearer(player.login),
    });
    expect(records.status, JSON.stringify(records.body)).toBe(200);
    expect(records.body.value.list).toEqual([
      expect.objectContaining({ reference: `bet:${VENDOR}:rec-1`, stake: '15.00', payout: '29.00', net: '14.00' }),
    ]);
  });

  it('settles calls of many players that arrive together in shared commits, each answered on its own', async () => {
    const players: Funded[] = [];
    for (let i = 0; i < 12; i++) players.push(await fundedPlayer(VENDOR, '10.00'));
    const client = clientOf(VENDOR);
    // Players the portal knows reach the statement with no lookup first, so their calls meet in the queue.
    for (const player of players) await client.call('balance', { playerId: player.playerId, currency: 'BDT' });
    const bet = (player: Funded, txId: string, amount: string) =>
      client.call('bet', {
        txId,
        token: player.token,
        playerId: player.playerId,
        roundId: `together-${txId}`,
        gameId: GAME,
        amount,
        currency: 'BDT',
      });
    const [broke, ...rest] = players;
    if (!broke) throw new Error('no players');
    const answers = await Promise.all([
      bet(broke, 'together-broke', '10.01'),
      client.call('win', {
        txId: 'together-orphan-win',
        playerId: broke.playerId,
        roundId: 'together-nowhere',
        amount: '1.00',
        currency: 'BDT',
      }),
      // Each bet twice, as a vendor retrying at once: the retry is answered as the bet, in the same commit or not.
      ...[...rest, ...rest].map((player, i) => bet(player, `together-${i % rest.length}`, '4.00')),
    ]);
    const [refused, orphan, ...placed] = answers;
    expect(refused?.status).toBe(409);
    expect(refused?.body.code).toBe('INSUFFICIENT_FUNDS');
    expect(refused?.body.value?.balance).toBe('10.00');
    expect(orphan?.status).toBe(404);
    expect(orphan?.body.code).toBe('BET_NOT_FOUND');
    for (const answer of placed) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.value?.balance).toBe('6.00');
    }

    const entries = await test.portal.database.db
      .selectFrom('journal_entries')
      .select(['idempotency_key', 'created_at'])
      .where('idempotency_key', 'like', `vendor:${VENDOR}:together-%`)
      .execute();
    expect(entries).toHaveLength(rest.length);
    if (process.env.TEST_DATABASE_URL) {
      // Embedded PGlite answers before the next request reaches the queue; on PostgreSQL calls wait for the
      // statement in flight. now() is a transaction's start: entries with the same time were committed together.
      const commits = new Set(entries.map((entry) => new Date(entry.created_at).toISOString()));
      expect(commits.size).toBeLessThan(entries.length);
    }
    expect((await reconcile(test)).ok).toBe(true);
  });

  // PGlite has one connection: a transaction holding a row there would hold the whole database.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "does not keep other players' calls waiting behind a member whose balance another transaction holds",
    async () => {
      const held = await fundedPlayer(VENDOR, '10.00');
      const free = await fundedPlayer(VENDOR, '10.00');
      const client = clientOf(VENDOR);
      const bet = (player: Funded, txId: string) =>
        client.call('bet', {
          txId,
          token: player.token,
          playerId: player.playerId,
          roundId: `round-${txId}`,
          gameId: GAME,
          amount: '1.00',
          currency: 'BDT',
        });
      for (const player of [held, free]) await client.call('balance', { playerId: player.playerId, currency: 'BDT' });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = test.portal.database.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('ledger_accounts')
          .select('id')
          .where('member_id', '=', held.memberId)
          .forUpdate()
          .execute();
        locked();
        await released;
      });
      await isLocked;
      let heldAnswered = false;
      const heldBet = bet(held, 'held-bet').finally(() => {
        heldAnswered = true;
      });
      const pause = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));
      await pause(50);
      try {
        const freeBet = await Promise.race([bet(free, 'free-bet'), pause(2_000)]);
        expect(freeBet?.status, 'the free player is answered within 2 s').toBe(200);
        expect(freeBet?.body.value?.balance).toBe('9.00');
        expect(heldAnswered).toBe(false);
      } finally {
        release();
        await holder;
      }
      const answer = await heldBet;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.value?.balance).toBe('9.00');
      expect((await reconcile(test)).ok).toBe(true);
    },
  );

  it('keeps a session alive while the member bets', async () => {
    const player = await fundedPlayer(VENDOR, '10.00');
    const db = test.portal.database.db;
    const soon = new Date(Date.now() + 60_000);
    await db
      .updateTable('game_sessions')
      .set({ expires_at: soon })
      .where('token_hash', '=', hashToken(player.token))
      .execute();
    const placed = await clientOf(VENDOR).call('bet', {
      txId: 'alive-1',
      token: player.token,
      playerId: player.playerId,
      roundId: 'alive-round',
      gameId: GAME,
      amount: '1.00',
      currency: 'BDT',
    });
    expect(placed.status).toBe(200);
    const session = await db
      .selectFrom('game_sessions')
      .select('expires_at')
      .where('token_hash', '=', hashToken(player.token))
      .executeTakeFirstOrThrow();
    expect(new Date(session.expires_at).getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  it('is reached over HTTP with the same signing client', async () => {
    const player = await fundedPlayer(VENDOR, '3.00');
    const address = await test.portal.app.listen({ port: 0, host: '127.0.0.1' });
    const client = new SeamlessClient({ vendorCode: VENDOR, secret: SECRET, transport: httpTransport(address) });
    const answer = await client.call('authenticate', { token: player.token });
    expect(answer.status).toBe(200);
    expect(answer.body.value).toEqual({ playerId: player.playerId, balance: '3.00', currency: 'BDT' });
    expect((await client.call('authenticate', { token: player.token }, { signature: 'forged' })).status).toBe(401);
  });
});
