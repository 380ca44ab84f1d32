import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { requestKeyOf } from '../../http/request-key.ts';
import { type LotteryBets, MAX_SLIP_ITEMS } from './bets.ts';
import type { LotteryCatalogue } from './catalogue.ts';
import { type LotteryChases, MAX_CHASE_DRAWS } from './chases.ts';
import type { LotteryDraws } from './draws.ts';
import { type LotteryMenus, PRIZE_MODES } from './menus.ts';
import type { VnLottery } from './vn-lottery.ts';
import { type LotteryWinners, MAX_WINNERS } from './winners.ts';

const GameId = Type.String({ pattern: '^[A-Z0-9_]{1,32}$' });
const Numero = Type.String({ pattern: '^[0-9]{1,16}$' });
const Paging = {
  pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};
// The values are built by the services (bets.ts, draws.ts, menus.ts, catalogue.ts).
const response = { 200: okSchema(Type.Unknown()), ...errorResponses };
/** The spec's prize modes; anything else is refused with 400. */
const PrizeMode = Type.Optional(Type.Union(PRIZE_MODES.map((mode) => Type.Literal(mode))));
const Device = Type.Optional(Type.String({ maxLength: 16 }));

/** The spec's lottery calls (section 7) and the lottery's own: bets, results and the verification of a draw. */
export const lotteryRoutes: FastifyPluginAsyncTypebox<{
  auth: MemberAuthenticator;
  catalogue: LotteryCatalogue;
  draws: LotteryDraws;
  bets: LotteryBets;
  chases: LotteryChases;
  menus: LotteryMenus;
  vn: VnLottery;
  winners: LotteryWinners;
}> = async (app, { auth, catalogue, draws, bets, chases, menus, vn, winners }) => {
  const tags = ['lottery'];
  const member = requireMember(auth);

  app.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags,
        summary: 'The lottery menus: tag and gameMenus, each game with its draw taking bets now',
        querystring: Type.Object({
          prizeMode: PrizeMode,
          device: Device,
          language: Type.Optional(Type.String({ maxLength: 8 })),
        }),
        response,
      },
    },
    async (request) => ok(await menus.gameMenus(requestLanguage(request))),
  );

  app.get(
    '/lgw/games/popular',
    {
      schema: {
        tags,
        summary: 'The lottery games most members bet on over the last seven days first, then in menu order',
        querystring: Type.Object({
          count: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
          prizeMode: PrizeMode,
          device: Device,
          language: Type.Optional(Type.String({ maxLength: 8 })),
        }),
        response,
      },
    },
    async (request) => ok(await menus.popular(requestLanguage(request), request.query.count)),
  );

  app.get(
    '/lgw/vn/games/game_menu/recent',
    {
      onRequest: member,
      schema: {
        tags,
        summary: 'The lottery games the member bet on, the most recently bet first (fast and Vietnamese alike)',
        querystring: Type.Object({
          recentCount: Type.Integer({ minimum: 1, maximum: 100, default: 100 }),
          prizeMode: PrizeMode,
          device: Device,
        }),
        response,
      },
    },
    async (request) =>
      ok(await menus.recent(memberOf(request).id, requestLanguage(request), request.query.recentCount)),
  );

  app.get(
    '/lotto/lgw/games/opened/numero',
    {
      schema: {
        tags,
        summary: "A game's draws still taking bets, soonest first, each with its seed's published hash",
        querystring: Type.Object(
          { gameId: GameId, count: Type.Integer({ minimum: 1, maximum: 100, default: 100 }) },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) => {
      await catalogue.game(request.query.gameId);
      return ok(await draws.opened(request.query.gameId, request.query.count));
    },
  );

  app.get(
    '/lotto/lgw/winners',
    {
      schema: {
        tags,
        summary: 'The winner board: the latest won lottery bets, newest settlement first, with masked accounts',
        querystring: Type.Object({
          gameId: Type.Optional(GameId),
          count: Type.Integer({ minimum: 1, maximum: MAX_WINNERS, default: MAX_WINNERS }),
          language: Type.Optional(Type.String({ maxLength: 8 })),
        }),
        response,
      },
    },
    async (request) => {
      const { gameId, count } = request.query;
      return ok({ list: await winners.latest(gameId ?? null, count, requestLanguage(request)) });
    },
  );

  app.get(
    '/lotto/lgw/games/:gameId',
    {
      schema: {
        tags,
        summary: "A game's bet types, odds and the house edge of each, computed from the odds and exact probabilities",
        params: Type.Object({ gameId: GameId }),
        response,
      },
    },
    async (request) => {
      const details = await catalogue.details(request.params.gameId, requestLanguage(request));
      if (details.gameGroupCode !== 'VN') return ok(details);
      // A Vietnamese game's settings are prices and payouts per point (its vn block), not multipliers.
      return ok({ ...details, odds: {}, vn: await vn.details(request.params.gameId) });
    },
  );

  app.get(
    '/lotto/lgw/games/:gameId/results',
    {
      schema: {
        tags,
        summary: "A game's drawn results, newest first, with each draw's revealed seed",
        params: Type.Object({ gameId: GameId }),
        querystring: Type.Object(Paging, { additionalProperties: false }),
        response,
      },
    },
    async (request) => {
      await catalogue.game(request.params.gameId);
      return ok(await draws.results(request.params.gameId, request.query));
    },
  );

  app.get(
    '/lotto/lgw/games/:gameId/draws/:numero/verify',
    {
      schema: {
        tags,
        summary: "A draw's verification: its seed's hash before the draw; the seed, public input and result after",
        params: Type.Object({ gameId: GameId, numero: Numero }),
        response,
      },
    },
    async (request) => ok(await draws.verification(request.params.gameId, request.params.numero)),
  );

  app.post(
    '/lotto/lgw/bets',
    {
      onRequest: member,
      schema: {
        tags,
        summary: 'Places a bet on a draw before its lock (Idempotency-Key header)',
        body: Type.Object(
          {
            gameId: GameId,
            numero: Numero,
            betType: Type.String({ maxLength: 32 }),
            selection: Type.String({ maxLength: 16 }),
            stake: Type.String({ maxLength: 20 }),
            multiple: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) => ok(await bets.place(memberOf(request).id, requestKeyOf(request), request.body)),
  );

  app.post(
    '/lotto/lgw/bets/slip',
    {
      onRequest: member,
      schema: {
        tags,
        summary: 'Places a slip of bets on one draw, all or none, staked by one ledger entry (Idempotency-Key)',
        body: Type.Object(
          {
            gameId: GameId,
            numero: Numero,
            items: Type.Array(
              Type.Object(
                {
                  betType: Type.String({ maxLength: 32 }),
                  selection: Type.String({ maxLength: 16 }),
                  stake: Type.String({ maxLength: 20 }),
                  multiple: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
                },
                { additionalProperties: false },
              ),
              { minItems: 1, maxItems: MAX_SLIP_ITEMS },
            ),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) => ok(await bets.placeSlip(memberOf(request).id, requestKeyOf(request), request.body)),
  );

  app.post(
    '/lotto/lgw/bets/chase',
    {
      onRequest: member,
      schema: {
        tags,
        summary: 'Places the same bet on each of the next draws, optionally stopping after a win (Idempotency-Key)',
        body: Type.Object(
          {
            gameId: GameId,
            betType: Type.String({ maxLength: 32 }),
            selection: Type.String({ maxLength: 16 }),
            stake: Type.String({ maxLength: 20 }),
            multiple: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
            draws: Type.Integer({ minimum: 1, maximum: MAX_CHASE_DRAWS }),
            stopAfterWin: Type.Boolean({ default: false }),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) => ok(await chases.place(memberOf(request).id, requestKeyOf(request), request.body)),
  );

  app.get(
    '/lotto/lgw/bets',
    {
      onRequest: member,
      schema: {
        tags,
        summary: "The member's lottery bets, newest first",
        querystring: Type.Object(Paging, { additionalProperties: false }),
        response,
      },
    },
    async (request) => ok(await bets.mine(memberOf(request).id, request.query)),
  );
};
