import { fromMinor, toMinor } from '@portal/shared/money';
import { describe, expect, it } from 'vitest';
import { Broadcast } from '../../http/broadcast.ts';
import { SharedCaches } from '../../http/shared-caches.ts';
import { useTestPortal } from '../../test/harness.ts';
import { memberIdOf, registered } from '../../test/members.ts';
import { adjust, reconcile } from '../../test/wallet.ts';
import { Ledger } from '../wallet/ledger.ts';
import { SeamlessService } from './service.ts';

const test = useTestPortal();

const VENDOR = 'EVO';
const SECRET = 'evo-test-secret-0123456789abcdef-0123456789';
const GAME = 'evo-lightning-roulette';
const PLAYERS = 50;
const NODES = 3;
const ROUNDS = 12;
/** Rounds a player has open at once (tables), each played call by call on whichever node the vendor reaches. */
const TABLES = 3;

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// Several API nodes share one PostgreSQL; PGlite is one process with one connection.
describe.skipIf(!process.env.TEST_DATABASE_URL)('vendor calls from several nodes at once', () => {
  it("settles 50 players' bets, wins and rollbacks across many batches on three nodes, with no deadlock", async () => {
    const { db } = test.portal.database;
    await test.portal.app.seamless.configureVendor({ code: VENDOR, secret: SECRET, currency: 'BDT' });
    const players: { playerId: string; token: string; memberId: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const member = await registered(test.portal.app);
      await adjust(test, member.username, '1000.00');
      const memberId = await memberIdOf(test, member.username);
      const token = await test.portal.app.seamless.openSession({
        memberId,
        vendorCode: VENDOR,
        nodeId: GAME,
        currency: 'BDT',
        demo: false,
      });
      players.push({ playerId: member.username, token, memberId });
    }
    // Each node has its own wallet and batches, as separate processes would.
    const nodes = Array.from({ length: NODES }, () => {
      const ledger = new Ledger(db);
      const caches = new SharedCaches(new Broadcast(undefined, 'caches'));
      return { ledger, seamless: new SeamlessService(db, ledger, caches, test.portal.app.services.members) };
    });
    const vendor = await test.portal.app.seamless.vendor(VENDOR);
    const next = random(27);
    const node = () => (nodes[Math.floor(next() * NODES)] as (typeof nodes)[number]).seamless;
    const expected = new Map(players.map((p) => [p.playerId, toMinor('1000.00')]));
    let calls = 0;

    /** One round: one or two bets, the first of two sometimes rolled back, then a win (often zero) that closes it. */
    async function round(player: (typeof players)[number], id: string) {
      const common = { playerId: player.playerId, roundId: id, currency: 'BDT' };
      const stakes = next() < 0.4 ? ['10.00', '5.00'] : ['10.00'];
      // A round whose every bet was rolled back takes no win, so only a round of two bets loses its first.
      const rollback = stakes.length === 2 && next() < 0.5;
      const win = next() < 0.5 ? '0.00' : fromMinor(BigInt(Math.floor(next() * 3000)));
      let delta = 0n;
      for (const [i, amount] of stakes.entries()) {
        await node().bet(vendor, { ...common, txId: `${id}-b${i}`, token: player.token, gameId: GAME, amount });
        delta -= toMinor(amount);
        calls++;
      }
      if (rollback) {
        await node().rollback(vendor, { ...common, txId: `${id}-r`, betTxId: `${id}-b0` });
        delta += toMinor('10.00');
        calls++;
      }
      await node().win(vendor, { ...common, txId: `${id}-w`, amount: win, roundClosed: true });
      delta += toMinor(win);
      calls++;
      // A player's rounds overlap: each adds its own sum when it ends.
      expected.set(player.playerId, (expected.get(player.playerId) ?? 0n) + delta);
    }

    const tables = players.flatMap((player) =>
      Array.from({ length: TABLES }, async (_, table) => {
        for (let r = table; r < ROUNDS; r += TABLES) await round(player, `${player.playerId}-${r}`);
      }),
    );
    await Promise.all(tables);

    const stats = nodes.map((n) => n.ledger.vendorCalls.stats);
    expect(stats.reduce((sum, s) => sum + s.deadlocks, 0)).toBe(0);
    // Nor did any call sit out a lock wait: a member's row held elsewhere is skipped, and the call waits its turn.
    expect(stats.reduce((sum, s) => sum + s.lockTimeouts, 0)).toBe(0);
    // The players' calls did meet in statements of different nodes (else this test proved nothing).
    expect(stats.reduce((sum, s) => sum + s.waitedTurn, 0)).toBeGreaterThan(0);
    for (const player of players) {
      const account = await nodes[0]?.ledger.memberAccount(player.memberId, 'member_cash');
      expect(fromMinor(await (nodes[0] as (typeof nodes)[number]).ledger.balance(account ?? '')), player.playerId).toBe(
        fromMinor(expected.get(player.playerId) ?? 0n),
      );
    }
    const recorded = await db
      .selectFrom('vendor_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('vendor_code', '=', VENDOR)
      .executeTakeFirstOrThrow();
    expect(Number(recorded.n)).toBe(calls);
    expect((await reconcile(test)).ok).toBe(true);
  });
});
