import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import type { LotteryDraws } from './draws.ts';
import type { VnLottery } from './vn-lottery.ts';

const GameId = Type.String({ pattern: '^[A-Z0-9_]{1,32}$' });
const Numero = Type.String({ pattern: '^[0-9]{8}$' });
// The values are built by vn-lottery.ts and draws.ts.
const response = { 200: okSchema(Type.Unknown()), ...errorResponses };

/** The spec's Vietnamese lottery calls (section 7): the menu by region and a game's open draws. */
export const vnRoutes: FastifyPluginAsyncTypebox<{ vn: VnLottery; draws: LotteryDraws }> = async (
  app,
  { vn, draws },
) => {
  const tags = ['lottery'];

  app.get(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        tags,
        summary: 'The Vietnamese lottery menu: tags NORTH, SOUTH and CENTRAL, each game with its draw taking bets now',
        querystring: Type.Object({
          prizeMode: Type.Optional(Type.Union(['Lott', 'ZY', 'Elott', 'SEA'].map((mode) => Type.Literal(mode)))),
          device: Type.Optional(Type.String({ maxLength: 16 })),
          language: Type.Optional(Type.String({ maxLength: 8 })),
        }),
        response,
      },
    },
    async (request) => ok(await vn.gameMenu(requestLanguage(request))),
  );

  app.get(
    '/lgw/vn/numeros/opened/game',
    {
      schema: {
        tags,
        summary: "A Vietnamese game's draws still taking bets, soonest first, each with its seed's published hash",
        querystring: Type.Object(
          { gameId: GameId, count: Type.Integer({ minimum: 1, maximum: 100, default: 100 }) },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) => {
      await vn.game(request.query.gameId);
      return ok(await draws.opened(request.query.gameId, request.query.count));
    },
  );
};

/**
 * Operators enter a Vietnamese draw's official results, and a different operator confirms them: only then is the draw
 * drawn and settled (four eyes). Both steps are audited with their change.
 */
export const vnAdminRoutes: FastifyPluginAsyncTypebox<{ admins: OperatorAuthenticator; vn: VnLottery }> = async (
  app,
  { admins, vn },
) => {
  app.addHook('onRequest', requireAdmin(admins));
  const tags = ['admin'];
  const params = Type.Object({ gameId: GameId, numero: Numero });

  app.post(
    '/admin/api/lottery/vn/draws/:gameId/:numero/results',
    {
      schema: {
        tags,
        summary: "Enters a Vietnamese draw's results (prize name to its numbers), for a different operator to confirm",
        params,
        body: Type.Object(
          {
            prizes: Type.Record(
              Type.String({ maxLength: 4 }),
              Type.Array(Type.String({ maxLength: 8 }), { maxItems: 10 }),
            ),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) =>
      ok(await vn.enter(request.params.gameId, request.params.numero, request.body.prizes, actorOf(request))),
  );

  app.post(
    '/admin/api/lottery/vn/draws/:gameId/:numero/results/confirm',
    {
      schema: {
        tags,
        summary: "Confirms another operator's entry: the draw is drawn with it and settled",
        params,
        response,
      },
    },
    async (request) => ok(await vn.confirm(request.params.gameId, request.params.numero, actorOf(request))),
  );
};
