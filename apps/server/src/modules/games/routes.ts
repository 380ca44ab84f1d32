import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEFAULT_LANGUAGE, GAME_TYPES, LANGUAGES, LIMITS } from '@portal/shared/constants';
import { GAME_CLASSIFIES, LAUNCH_TARGETS, VOLATILITIES } from '@portal/shared/games';
import Type from 'typebox';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { memberOf, optionalMember, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { NotLoggedIn } from '../../http/errors.ts';
import { localise, requestLanguage } from '../../http/language.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { gameIconSvg } from './icons.ts';
import type { GameLaunches } from './launch.ts';
import type { GameCatalogue } from './service.ts';
import type { WinnerBoard } from './winners.ts';

const GameType = Type.Enum(GAME_TYPES);
const Vendor = Type.String({ pattern: '^[A-Z0-9_]{2,32}$' });
const NodeId = Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' });
const Language = Type.Optional(Type.Enum(['bn', 'en']));
const PageFields = {
  pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: LIMITS.slotsPageSize }),
};

const GameCardSchema = Type.Object({
  nodeId: Type.String(),
  gameName: Type.String(),
  vassalage: Type.String(),
  vendorName: Type.String(),
  gameType: GameType,
  gameClassify: Type.Union([Type.Enum(GAME_CLASSIFIES), Type.Null()]),
  minBet: Type.String(),
  lineNum: Type.Integer(),
  imageUrl: Type.String(),
  isHot: Type.Integer(),
  isNew: Type.Integer(),
  rtp: Type.Union([Type.String(), Type.Null()]),
  margin: Type.Union([Type.String(), Type.Null()]),
  volatility: Type.Union([Type.Enum(VOLATILITIES), Type.Null()]),
  hasTrial: Type.Boolean(),
});
const FavouriteBody = Type.Object(
  { nodeId: NodeId, vendor: Vendor, gameType: GameType },
  { additionalProperties: false },
);
const LaunchSchema = Type.Object({
  url: Type.String(),
  mode: Type.Enum(['real', 'trial']),
  nodeId: Type.String(),
  gameName: Type.String(),
  target: Type.Enum(LAUNCH_TARGETS),
});
const LaunchQuery = Type.Object({ nodeId: NodeId, language: Language }, { additionalProperties: false });

export const gameRoutes: FastifyPluginAsyncTypebox<{
  catalogue: GameCatalogue;
  launches: GameLaunches;
  auth: MemberAuthenticator;
  settings: SettingsService;
  winners: WinnerBoard;
}> = async (app, { catalogue, launches, auth, settings, winners }) => {
  app.get(
    '/wps/relay/GCSGAME_gameList',
    {
      schema: {
        tags: ['games'],
        summary: 'Games of a type, filtered and paged (the slots page asks 15 a page)',
        querystring: Type.Object({
          gameType: GameType,
          vassalage: Type.Optional(Type.Union([Vendor, Type.Literal('')])),
          gameClassify: Type.Optional(Type.Union([Type.Enum(GAME_CLASSIFIES), Type.Literal('')])),
          gameName: Type.Optional(Type.String({ maxLength: 50 })),
          minBet: Type.Optional(Type.String({ pattern: '^(|\\d{1,7}(\\.\\d{1,2})?)$' })),
          minLineNum: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
          ...PageFields,
          language: Language,
          clientType: Type.Optional(Type.Integer()),
          platform: Type.Optional(Type.String({ maxLength: 60 })),
          channel: Type.Optional(Type.String({ maxLength: 60 })),
          merchant: Type.Optional(Type.String({ maxLength: 60 })),
        }),
        response: {
          200: okSchema(
            Type.Object({
              games: Type.Array(GameCardSchema),
              pageNo: Type.Integer(),
              totalPages: Type.Integer(),
              total: Type.Integer(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { gameClassify, ...query } = request.query;
      const answer = await catalogue.listAnswer(
        { ...query, gameClassify: gameClassify || undefined },
        requestLanguage(request),
      );
      // Already the JSON of the schema above: a string body with a JSON type is sent as it is, not serialised again.
      return reply.type('application/json; charset=utf-8').send(answer as never);
    },
  );

  app.get(
    '/wps/relay/GCSGAME_getRankList',
    {
      schema: {
        tags: ['games'],
        summary: 'The winner board: the latest real-money wins, newest first, accounts masked',
        querystring: Type.Object(
          {
            gameCategory: Type.Optional(Type.Union([Type.Literal('ALL'), GameType])),
            limitNum: Type.Integer({ minimum: 1, maximum: LIMITS.winnerBoard, default: LIMITS.winnerBoard }),
            language: Language,
          },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(
            Type.Object({
              list: Type.Array(
                Type.Object({
                  account: Type.String(),
                  gameName: Type.String(),
                  nodeId: Type.String(),
                  vassalage: Type.String(),
                  gameType: Type.String(),
                  amount: Type.String(),
                  time: Type.String(),
                }),
              ),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { gameCategory, limitNum } = request.query;
      const category = !gameCategory || gameCategory === 'ALL' ? null : gameCategory;
      return ok({ list: await winners.latest(category, limitNum, requestLanguage(request)) });
    },
  );

  app.get(
    '/wps/relay/GCSGAME_hotGamesV2',
    {
      schema: {
        tags: ['games'],
        summary: 'Every hot game, of one type and vendor when given, in one page',
        querystring: Type.Object({
          gameType: Type.Optional(GameType),
          vassalage: Type.Optional(Type.Union([Vendor, Type.Literal('')])),
          merchantCode: Type.Optional(Type.String({ maxLength: 60 })),
          isPlatform: Type.Optional(Type.Integer()),
          platform: Type.Optional(Type.String({ maxLength: 60 })),
          language: Language,
        }),
        response: { 200: okSchema(Type.Array(GameCardSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await catalogue.hot(request.query, requestLanguage(request))),
  );

  app.get(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['games'],
        summary: "The member's favourite games (node ids), newest first",
        response: { 200: okSchema(Type.Object({ nodeIds: Type.Array(Type.String()) })), ...errorResponses },
      },
    },
    async (request) => ok({ nodeIds: await catalogue.favouriteIds(memberOf(request).id) }),
  );

  app.put(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['games'],
        summary: 'Adds a game to the favourites (adding it twice changes nothing)',
        body: FavouriteBody,
        response: {
          200: okSchema(Type.Object({ nodeId: Type.String(), favourite: Type.Boolean() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await catalogue.addFavourite(memberOf(request).id, request.body);
      return ok({ nodeId: request.body.nodeId, favourite: true });
    },
  );

  app.delete(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['games'],
        summary: 'Removes a game from the favourites',
        body: FavouriteBody,
        response: {
          200: okSchema(Type.Object({ nodeId: Type.String(), favourite: Type.Boolean() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      await catalogue.removeFavourite(memberOf(request).id, request.body);
      return ok({ nodeId: request.body.nodeId, favourite: false });
    },
  );

  app.get(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['games'],
        summary: 'The favourite games as tiles, paged, newest first',
        querystring: Type.Object(
          { gameType: Type.Optional(GameType), ...PageFields, language: Language },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(Type.Object({ content: Type.Array(GameCardSchema), totalPages: Type.Integer() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { gameType, pageNo, pageSize } = request.query;
      return ok(
        await catalogue.favourites(memberOf(request).id, { gameType }, { pageNo, pageSize }, requestLanguage(request)),
      );
    },
  );

  app.get(
    '/wps/relay/GCS_recentGame',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['games'],
        summary: 'Games the member launched lately (the last 50), last played first',
        querystring: Type.Object(
          {
            clientType: Type.Optional(Type.Integer()),
            gameType: Type.Optional(GameType),
            vassalage: Type.Optional(Type.Union([Vendor, Type.Literal('')])),
            ...PageFields,
            language: Language,
          },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(Type.Object({ list: Type.Array(GameCardSchema), totalPages: Type.Integer() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { gameType, vassalage, pageNo, pageSize } = request.query;
      return ok(
        await catalogue.recent(
          memberOf(request).id,
          { gameType, vassalage },
          { pageNo, pageSize },
          requestLanguage(request),
        ),
      );
    },
  );

  app.get(
    '/wps/game/launchGame',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['games'],
        summary: 'Opens a game with real money (a trial account is told a real account is needed)',
        querystring: LaunchQuery,
        response: { 200: okSchema(LaunchSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await launches.launch(memberOf(request), request.query.nodeId, 'real', requestLanguage(request))),
  );

  app.get(
    '/wps/relay/GCS_gameLaunchFB',
    {
      onRequest: optionalMember(auth),
      schema: {
        tags: ['games'],
        summary: 'Opens a game in free play with demo money (visitors too while FREEPLAY3 is on)',
        querystring: LaunchQuery,
        response: { 200: okSchema(LaunchSchema), ...errorResponses },
      },
    },
    async (request) => {
      const member = request.member ?? null;
      if (!member && !(await settings.snapshot()).flags.FREEPLAY3) throw new NotLoggedIn();
      return ok(await launches.launch(member, request.query.nodeId, 'trial', requestLanguage(request)));
    },
  );

  app.get(
    '/game-icons/:file',
    {
      schema: {
        tags: ['games'],
        summary: "A game's tile picture (SVG) when its vendor supplies none, with its name in the given language",
        description:
          'One picture per game and language: the language is part of the address, so each is cached on its own ' +
          '(a day, then revalidated by its ETag). Any other query parameter, or another language, is refused.',
        params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}\\.svg$' }) }),
        querystring: Type.Object(
          {
            language: Type.Enum(LANGUAGES, {
              default: DEFAULT_LANGUAGE,
              description: "The language of the name on the picture (the page's language)",
            }),
            retry: Type.Optional(
              Type.Integer({
                minimum: 1,
                maximum: LIMITS.imageRetries,
                description: "A page's new attempt after a failed load (the picture is the same)",
              }),
            ),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const game = await catalogue.game(request.params.file.replace(/\.svg$/, ''));
      const language = request.query.language;
      const svg = gameIconSvg(
        {
          nodeId: game.node_id,
          gameType: game.game_type,
          name: localise(game.names, language) || game.node_id,
          englishName: game.names.en ?? '',
          vendorName: game.vendor_name,
        },
        language,
      );
      const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('etag', etag)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return svg;
    },
  );
};
