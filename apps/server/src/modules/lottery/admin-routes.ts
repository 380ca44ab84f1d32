import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { actorOf, type OperatorAuthenticator, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import type { LotteryAdmin } from './admin.ts';

const GameId = Type.String({ pattern: '^[A-Z0-9_]{1,32}$' });
const Numero = Type.String({ pattern: '^[0-9]{1,16}$' });
// The values are built by admin.ts.
const response = { 200: okSchema(Type.Unknown()), ...errorResponses };

/** The operator's lottery settings and draw cancelling, behind the operator session; each change audited. */
export const lotteryAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: OperatorAuthenticator;
  admin: LotteryAdmin;
}> = async (app, { admins, admin }) => {
  app.addHook('onRequest', requireAdmin(admins));
  const tags = ['admin'];

  app.put(
    '/admin/api/lottery/games/:gameId/odds',
    {
      schema: {
        tags,
        summary: "Sets some of a game's odds (existing keys only); answers the odds and the house edges they give",
        params: Type.Object({ gameId: GameId }),
        body: Type.Object(
          {
            odds: Type.Record(Type.String({ pattern: '^[a-z0-9_]{1,32}$' }), Type.String({ maxLength: 12 }), {
              maxProperties: 200,
            }),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) => ok(await admin.setOdds(actorOf(request), request.params.gameId, request.body.odds)),
  );

  app.put(
    '/admin/api/lottery/games/:gameId',
    {
      schema: {
        tags,
        summary: 'Switches a lottery game on or off and sets its least and most stake',
        params: Type.Object({ gameId: GameId }),
        body: Type.Object(
          {
            enabled: Type.Optional(Type.Boolean()),
            minStake: Type.Optional(Type.String({ maxLength: 20 })),
            maxStake: Type.Optional(Type.String({ maxLength: 20 })),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) =>
      ok(await admin.setGame(actorOf(request), request.params.gameId, request.body, requestLanguage(request))),
  );

  app.post(
    '/admin/api/lottery/games/:gameId/draws/:numero/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels a draw not yet drawn; its bets are refunded by its settlement',
        params: Type.Object({ gameId: GameId, numero: Numero }),
        body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }),
        response,
      },
    },
    async (request) =>
      ok(await admin.cancelDraw(actorOf(request), request.params.gameId, request.params.numero, request.body.reason)),
  );
};
