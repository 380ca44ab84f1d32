import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import { TRIAL_TYPE } from '../../common/member-types.ts';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { bearerOrCookie, SESSION_COOKIE } from '../../common/request-identity.ts';
import type { AllowedOrigins } from '../../http/allowed-origins.ts';
import { AppError } from '../../http/errors.ts';
import type { BalanceEvents } from './balance-events.ts';
import type { WalletService } from './service.ts';

/** Sockets idle this long get a ping; one that does not answer by the next is closed. */
const PING_MS = 30_000;

/**
 * /wps/ws: a signed-in member's socket. Whenever the member's money moves, the new header balance is pushed as
 * `{ type: 'balance', sumBalance, currency }`.
 */
export const socketRoutes: FastifyPluginAsync<{
  auth: MemberAuthenticator;
  wallet: WalletService;
  events: BalanceEvents;
  origins: AllowedOrigins;
}> = async (app, { auth, wallet, events, origins }) => {
  // Registered here, not on the root: the plugin hooks every request and wraps every handler of the instance it
  // is registered on, and this is the portal's only socket.
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 } });
  // A page of another site is refused before the upgrade: it could otherwise listen with the member's cookie.
  const sameSite = async (request: FastifyRequest) => {
    if (!origins.allows(request)) throw new AppError(403, 'FORBIDDEN');
  };
  app.get('/wps/ws', { websocket: true, schema: { hide: true }, preValidation: sameSite }, async (socket, request) => {
    const token = bearerOrCookie(request, SESSION_COOKIE);
    const member = token ? await auth.authenticate(token) : null;
    if (!member) {
      socket.close(4401, 'not logged in');
      return;
    }
    const trial = member.type === TRIAL_TYPE;
    let sending = false;
    let again = false;
    // Balance reads are coalesced: a burst of movements sends the latest balance, not one message per entry.
    const push = async () => {
      if (sending) {
        again = true;
        return;
      }
      sending = true;
      try {
        do {
          again = false;
          const balance = await wallet.balance(member.id, trial, REAL_CURRENCY);
          if (socket.readyState === socket.OPEN) {
            socket.send(
              JSON.stringify({ type: 'balance', sumBalance: balance.sumBalance, currency: balance.currency }),
            );
          }
        } while (again);
      } catch (error) {
        request.log.warn({ err: error }, 'balance push failed');
      } finally {
        sending = false;
      }
    };
    const unsubscribe = events.subscribe(member.id, () => void push());
    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const ping = setInterval(() => {
      if (!alive) socket.terminate();
      alive = false;
      socket.ping();
    }, PING_MS);
    ping.unref();
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
    socket.on('message', () => {
      // The socket only pushes; anything the client sends is ignored.
    });
  });
};
