// Helpers for the agent centre's tests: agents and players opened by the operator, the agent calls, and money and
// play of team members through the real paths (deposits confirmed, withdrawals paid, seamless vendor rounds).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { injectTransport, SeamlessClient } from '../modules/seamless/client.ts';
import { call } from './harness.ts';
import { bearer, createByOperator, EN, login, nextIp, nextName, type PortalContext } from './members.ts';
import { bindPayoutAccount, createChannel, PAYMENT_PASSWORD, type WalletMember } from './wallet.ts';

/** The seamless vendor the agent tests play at, and a game of it. */
export const VENDOR = 'PG';
export const SECRET = 'pg-agents-secret-0123456789abcdef-0123456789';
export const GAME = 'pg-fortune-tiger';

export interface Agent {
  account: string;
  id: string;
  headers: Record<string, string>;
  inviteCode: string;
}

/** An agent opened by the operator (under `upline` if given), signed in at the agent portal. */
export async function agent(test: PortalContext, upline?: string, type = 1): Promise<Agent> {
  const created = await createByOperator(test, {
    account: nextName('ag'),
    type,
    password: 'Agent1234',
    ...(upline ? { upline } : {}),
  });
  const session = await login(test.portal.app, created.account, 'Agent1234', { ip: nextIp(), portal: 'agent' });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return {
    account: created.account,
    id: created.id,
    headers: bearer(session.body.value.token),
    inviteCode: created.inviteCode,
  };
}

/** A player opened by the operator under `upline`. */
export async function player(test: PortalContext, upline: string) {
  return createByOperator(test, { account: nextName('pl'), type: 0, password: 'Player123', upline });
}

export function agentGet(
  test: PortalContext,
  headers: Record<string, string>,
  url: string,
  query: Record<string, string | number> = {},
) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return call(test.portal.app, { method: 'GET', url: `${url}?${search}`, headers: { ...EN, ...headers } });
}

export async function deposit(test: PortalContext, member: WalletMember, amount: string) {
  const channel = await createChannel(test);
  const order = await call(test.portal.app, {
    method: 'POST',
    url: '/wps/wallet/deposits',
    headers: { ...member.headers, ...EN, 'idempotency-key': randomUUID() },
    payload: { channelCode: channel.code, amount },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const confirmed = await call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/deposits/${order.body.value.orderNo}/confirm`,
    headers: test.admin,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
}

export async function withdraw(test: PortalContext, member: WalletMember, amount: string) {
  const payoutAccountId = await bindPayoutAccount(test, member);
  const order = await call(test.portal.app, {
    method: 'POST',
    url: '/wps/wallet/withdrawals',
    headers: { ...member.headers, ...EN, 'idempotency-key': randomUUID() },
    remoteAddress: member.ip,
    payload: { payoutAccountId, amount, paymentPassword: PAYMENT_PASSWORD },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const paid = await call(test.portal.app, {
    method: 'POST',
    url: `/admin/api/withdrawals/${order.body.value.orderNo}/pay`,
    headers: test.admin,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  return order.body.value.orderNo as string;
}

/** Plays at the seamless vendor as the member: each round a bet and, when given, a win or a rollback. */
export async function play(
  test: PortalContext,
  member: WalletMember,
  rounds: { bet: string; win?: string; rollback?: boolean }[],
  game = { vendor: VENDOR, secret: SECRET, nodeId: GAME },
) {
  const client = new SeamlessClient({
    vendorCode: game.vendor,
    secret: game.secret,
    transport: injectTransport(test.portal.app),
  });
  const token = await test.portal.app.seamless.openSession({
    memberId: member.id,
    vendorCode: game.vendor,
    nodeId: game.nodeId,
    currency: 'BDT',
    demo: false,
  });
  for (const round of rounds) {
    const roundId = randomUUID();
    const base = { playerId: member.username, roundId, currency: 'BDT' };
    const betTxId = `bet-${roundId}`;
    const bet = await client.call('bet', { ...base, txId: betTxId, token, gameId: game.nodeId, amount: round.bet });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    if (round.win) {
      const win = await client.call('win', {
        ...base,
        txId: `win-${roundId}`,
        betTxId,
        amount: round.win,
        roundClosed: true,
      });
      expect(win.status, JSON.stringify(win.body)).toBe(200);
    }
    if (round.rollback) {
      const back = await client.call('rollback', { ...base, txId: `rb-${roundId}`, betTxId });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
    }
  }
}
