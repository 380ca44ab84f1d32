import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AMOUNT_INPUT_PATTERN, fromMinor, toMinor } from '@portal/shared/money';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError, InvalidInput } from '../../http/errors.ts';
import type { HouseAdmin } from './house-admin.ts';
import { JACKPOT_CODE } from './install.ts';
import type { Jackpot } from './jackpot.ts';
import type { CardRoom, CardRooms } from './rooms.ts';

const JackpotSchema = Type.Object({
  code: Type.String(),
  currency: Type.String(),
  amount: Type.String(),
  shareBp: Type.Integer(),
  seed: Type.String(),
  wins: Type.Integer(),
});

const Amount = Type.String({ pattern: AMOUNT_INPUT_PATTERN.source, maxLength: 20 });
const CardRoomSchema = Type.Object({
  roomId: Type.String(),
  nodeId: Type.String(),
  names: Type.Object({ en: Type.Optional(Type.String()), bn: Type.Optional(Type.String()) }),
  minBet: Type.String(),
  maxBet: Type.String(),
  enabled: Type.Boolean(),
});

function describeRoom(room: CardRoom) {
  return { ...room, minBet: fromMinor(room.minMinor), maxBet: fromMinor(room.maxMinor) };
}

/**
 * The operator reads the progressive jackpot and sets its rules (the pool's money moves only by play), and sets the
 * card rooms: their names, the least and the most one spot takes, on or off.
 */
export const houseAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: OperatorAuthenticator;
  admin: HouseAdmin;
  jackpot: Jackpot;
  rooms: CardRooms;
}> = async (app, { admins, admin, jackpot, rooms }) => {
  app.addHook('onRequest', requireAdmin(admins));
  const tags = ['admin'];

  app.get(
    '/admin/api/jackpots',
    {
      schema: {
        tags,
        summary: 'The progressive jackpots: the pool now, the share of stakes that feeds it, its seed, its wins',
        response: { 200: okSchema(Type.Array(JackpotSchema)), ...errorResponses },
      },
    },
    async () => ok([await jackpot.describe()]),
  );

  app.patch(
    '/admin/api/jackpots/:code',
    {
      schema: {
        tags,
        summary:
          'Sets the share of each real-money slot stake that feeds the pool (basis points, 0–1000) and the seed the ' +
          'house puts back after a win; the pool itself is unchanged',
        params: Type.Object({ code: Type.String({ maxLength: 32 }) }),
        body: Type.Object(
          {
            shareBp: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
            seed: Type.Optional(Type.String({ maxLength: 20 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(JackpotSchema), ...errorResponses },
      },
    },
    async (request) => {
      if (request.params.code !== JACKPOT_CODE) throw new AppError(404, 'NOT_FOUND');
      const { shareBp, seed } = request.body;
      if (seed !== undefined && !AMOUNT_INPUT_PATTERN.test(seed)) throw new InvalidInput('seed');
      const seedMinor = seed === undefined ? undefined : toMinor(seed);
      await admin.setJackpotRules({ shareBp, seedMinor, seed }, actorOf(request));
      return ok(await jackpot.describe());
    },
  );

  app.get(
    '/admin/api/card-rooms',
    {
      schema: {
        tags,
        summary: 'The card rooms (tables) of the house card games, on or off, in their order',
        response: { 200: okSchema(Type.Array(CardRoomSchema)), ...errorResponses },
      },
    },
    async () => ok((await rooms.all()).map(describeRoom)),
  );

  app.patch(
    '/admin/api/card-rooms/:roomId',
    {
      schema: {
        tags,
        summary: 'Renames a card room, sets the least and the most one spot takes, or switches it off or on',
        params: Type.Object({ roomId: Type.String({ pattern: '^[A-Z0-9-]{2,32}$' }) }),
        body: Type.Object(
          {
            names: Type.Optional(
              Type.Object(
                { en: Type.String({ minLength: 1, maxLength: 40 }), bn: Type.Optional(Type.String({ maxLength: 40 })) },
                { additionalProperties: false },
              ),
            ),
            minBet: Type.Optional(Amount),
            maxBet: Type.Optional(Amount),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: okSchema(CardRoomSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { roomId } = request.params;
      const { names, minBet, maxBet, enabled } = request.body;
      const current = (await rooms.all()).find((room) => room.roomId === roomId);
      if (!current) throw new AppError(404, 'NOT_FOUND');
      const minMinor = minBet === undefined ? undefined : toMinor(minBet);
      const maxMinor = maxBet === undefined ? undefined : toMinor(maxBet);
      if (minMinor !== undefined && minMinor <= 0n) throw new InvalidInput('minBet');
      if ((maxMinor ?? current.maxMinor) < (minMinor ?? current.minMinor)) throw new InvalidInput('maxBet');
      const change = { names, minMinor, maxMinor, enabled };
      const saved = await admin.configureRoom(roomId, change, request.body, actorOf(request));
      if (!saved) throw new AppError(404, 'NOT_FOUND');
      return ok(describeRoom(saved));
    },
  );
};
