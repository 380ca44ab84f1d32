// Helpers for tests of rounds played at an outside vendor: the vendor connected with its games listed, and rounds
// played through the signed seamless calls, as a vendor's game server plays them.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { injectTransport, SeamlessClient } from '../modules/seamless/client.ts';
import { call } from './harness.ts';
import type { PortalContext } from './members.ts';

export interface VendorGame {
  nodeId: string;
  nameEn: string;
  nameBn?: string;
}

/** Connects a seamless vendor (an operator's integration) and lists its games under a game type. */
export async function connectVendor(
  test: PortalContext,
  vendor: { code: string; secret: string; gameType?: string },
  games: VendorGame[],
): Promise<ConnectedVendor> {
  await test.portal.app.seamless.configureVendor({ code: vendor.code, secret: vendor.secret, currency: 'BDT' });
  if (games.length > 0) {
    const imported = await call(test.portal.app, {
      method: 'POST',
      url: `/admin/api/vendors/${vendor.code}/${vendor.gameType ?? 'RNG'}/games/import`,
      headers: test.admin,
      payload: games.map((game) => ({ ...game, minBet: '0.10' })),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  }
  const client = new SeamlessClient({
    vendorCode: vendor.code,
    secret: vendor.secret,
    transport: injectTransport(test.portal.app),
  });
  return { code: vendor.code, client };
}

export interface ConnectedVendor {
  code: string;
  client: SeamlessClient;
}

export interface PlayedRound {
  roundId: string;
  betTxId: string;
}

/**
 * A member at the vendor's table: a launch session opened for `launchedNodeId` (as the portal's launch does), and
 * rounds whose bets name any game. A round is a bet, then a win that closes it, or a rollback of the bet, or neither.
 */
export async function vendorSeat(
  test: PortalContext,
  { code, client }: ConnectedVendor,
  member: { id: string; username: string },
  launchedNodeId: string,
) {
  const token = await test.portal.app.seamless.openSession({
    memberId: member.id,
    vendorCode: code,
    nodeId: launchedNodeId,
    currency: 'BDT',
    demo: false,
  });
  return {
    token,
    async round(nodeId: string, bet: string, settle: { win?: string; rollback?: boolean } = {}): Promise<PlayedRound> {
      const roundId = `r-${randomUUID()}`;
      const base = { playerId: member.username, roundId, currency: 'BDT' };
      const betTxId = `${roundId}-b`;
      const placed = await client.call('bet', { ...base, txId: betTxId, token, gameId: nodeId, amount: bet });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      if (settle.win !== undefined) {
        const won = await client.call('win', {
          ...base,
          txId: `${roundId}-w`,
          betTxId,
          amount: settle.win,
          roundClosed: true,
        });
        expect(won.status, JSON.stringify(won.body)).toBe(200);
      }
      if (settle.rollback) {
        const back = await client.call('rollback', { ...base, txId: `${roundId}-r`, betTxId });
        expect(back.status, JSON.stringify(back.body)).toBe(200);
      }
      return { roundId, betTxId };
    },
  };
}
