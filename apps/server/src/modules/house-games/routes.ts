import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import type { Jackpot } from './jackpot.ts';
import type { DiceSeeds } from './play/dice-seeds.ts';
import type { HouseGameSet } from './play/games.ts';
import { slotInfo } from './play/slot-play.ts';
import type { CardRooms } from './rooms.ts';
import type { HouseRounds } from './rounds.ts';

const Token = Type.Optional(Type.String({ maxLength: 128 }));
const FreeKey = Type.Optional(Type.String({ maxLength: 36 }));
const RoundKey = Type.String({ pattern: '^[0-9a-fA-F-]{36}$' });
const Amount = Type.String({ maxLength: 20 });
// The values are the shared contract's types (packages/shared/src/house-games.ts), built by the services.
const response = { 200: okSchema(Type.Unknown()), ...errorResponses };

/**
 * The house game server's API, which the house games' pages (in the game iframe) call. It answers rounds; money
 * moves only through the seamless-wallet API, which `rounds` calls as the HOUSE vendor.
 */
export const houseGameRoutes: FastifyPluginAsyncTypebox<{
  rounds: HouseRounds;
  jackpot: Jackpot;
  seeds: DiceSeeds;
  games: HouseGameSet;
  rooms: CardRooms;
}> = async (app, { rounds, jackpot, seeds, games, rooms }) => {
  const tags = ['house games'];

  app.get(
    '/house/api/session',
    {
      schema: {
        tags,
        summary: 'Who plays a launched house game: real money, demo money, or free play (no token)',
        querystring: Type.Object({ token: Token }),
        response,
      },
    },
    async (request) => ok(await rounds.session(request.query.token || undefined)),
  );

  app.get(
    '/wps/relay/GLS2_roomList',
    {
      schema: {
        tags: ['games'],
        summary: 'The card rooms (tables) of the card games, with their limits and the players seen lately',
        querystring: Type.Object({ nodeId: Type.Optional(Type.String({ maxLength: 64 })) }),
        response,
      },
    },
    async (request) => ok({ list: await rooms.list(requestLanguage(request), request.query.nodeId || undefined) }),
  );

  app.get(
    '/house/api/jackpot',
    { schema: { tags, summary: "The slot's progressive jackpot pool now", response } },
    async () => ok(await jackpot.amount()),
  );

  app.get(
    '/house/api/slot/info',
    { schema: { tags, summary: "The slot's rules: paytable, paylines, bets, RTP and volatility", response } },
    async () => ok(slotInfo(await jackpot.shareBp())),
  );

  app.post(
    '/house/api/slot/spin',
    {
      schema: {
        tags,
        summary: 'Plays one slot round (a paid spin and the free spins it awards); a retried round key replays it',
        body: Type.Object({ token: Token, roundKey: RoundKey, betPerLine: Amount }, { additionalProperties: false }),
        response,
      },
    },
    async (request) => ok(await rounds.play(games.slot, request.body)),
  );

  app.post(
    '/house/api/baccarat/deal',
    {
      schema: {
        tags,
        summary: 'Deals one baccarat round for the stakes on the spots',
        body: Type.Object(
          {
            token: Token,
            roundKey: RoundKey,
            bets: Type.Record(Type.String(), Amount),
            room: Type.Optional(Type.String({ maxLength: 32 })),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) => ok(await rounds.play(games.baccarat, request.body)),
  );

  app.get(
    '/house/api/dice/seed',
    {
      schema: {
        tags,
        summary: "The dice's commitment before play: the server seed's hash, the client seed and the next nonce",
        querystring: Type.Object({ token: Token, freeKey: FreeKey }),
        response,
      },
    },
    async (request) => ok(await seeds.current(await rounds.owner(request.query.token, request.query.freeKey))),
  );

  app.get(
    '/house/api/dice/revealed',
    {
      schema: {
        tags,
        summary: 'The seed pairs retired lately, newest first, with their server seeds, for the verifier',
        querystring: Type.Object({ token: Token, freeKey: FreeKey }),
        response,
      },
    },
    async (request) =>
      ok({ list: await seeds.revealed(await rounds.owner(request.query.token, request.query.freeKey)) }),
  );

  app.post(
    '/house/api/dice/roll',
    {
      schema: {
        tags,
        summary: 'Rolls the provably-fair dice with the next nonce of the seed pair',
        body: Type.Object(
          {
            token: Token,
            freeKey: FreeKey,
            roundKey: RoundKey,
            amount: Amount,
            direction: Type.Enum(['under', 'over']),
            target: Type.Integer({ minimum: 0, maximum: 9999 }),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) => ok(await rounds.play(games.dice, request.body)),
  );

  app.post(
    '/house/api/dice/rotate',
    {
      schema: {
        tags,
        summary: 'Reveals the seed pair played so far and commits to a new one',
        body: Type.Object(
          {
            token: Token,
            freeKey: FreeKey,
            clientSeed: Type.String({ maxLength: 64 }),
            serverSeedHash: Type.Optional(Type.String({ maxLength: 64 })),
          },
          { additionalProperties: false },
        ),
        response,
      },
    },
    async (request) =>
      ok(
        await seeds.rotate(
          await rounds.owner(request.body.token, request.body.freeKey),
          request.body.clientSeed,
          request.body.serverSeedHash,
        ),
      ),
  );
};
