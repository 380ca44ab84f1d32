import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { VENDOR_IS_GAME } from '@portal/shared/api';
import { GAME_TYPES } from '@portal/shared/constants';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { CatalogueAdmin } from './catalogue-admin.ts';
import { rowsFromCsv } from './import.ts';
import type { GameCatalogue } from './service.ts';

const VendorParams = Type.Object({
  code: Type.String({ pattern: '^[A-Z0-9_]{2,32}$' }),
  gameType: Type.Enum(GAME_TYPES),
});
const Switches = {
  enabled: Type.Optional(Type.Boolean()),
  isHot: Type.Optional(Type.Boolean()),
};
const IMPORT_LIMIT_BYTES = 2 * 1024 * 1024;

/** The operator's side of the catalogue: switching vendors and games on and off, hot and new marks, imports. */
export const gameAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: OperatorAuthenticator;
  admin: CatalogueAdmin;
  catalogue: GameCatalogue;
}> = async (app, { admins, admin, catalogue }) => {
  app.addHook('onRequest', requireAdmin(admins));
  // Before the answer leaves, so the operator's next call sees the change on any node.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET') catalogue.changed();
    return payload;
  });
  const tags = ['admin'];
  // A vendor's game list arrives as the file itself: JSON or CSV.
  app.addContentTypeParser(['text/csv'], { parseAs: 'string', bodyLimit: IMPORT_LIMIT_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  app.patch(
    '/admin/api/vendors/:code/:gameType',
    {
      schema: {
        tags,
        summary: 'Switches a vendor of a game type on or off, marks it hot, or says what its card opens',
        params: VendorParams,
        body: Type.Object(
          { ...Switches, isGame: Type.Optional(Type.Enum(VENDOR_IS_GAME)) },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: okSchema(Type.Object({ code: Type.String(), gameType: Type.String() })), ...errorResponses },
      },
    },
    async (request) => {
      const { code, gameType } = request.params;
      await admin.updateVendor({ code, gameType }, request.body, actorOf(request));
      return ok({ code, gameType });
    },
  );

  app.patch(
    '/admin/api/games/:nodeId',
    {
      schema: {
        tags,
        summary: 'Switches a game on or off, marks it hot or new, or moves it in its vendor’s order',
        params: Type.Object({ nodeId: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }) }),
        body: Type.Object(
          {
            ...Switches,
            isNew: Type.Optional(Type.Boolean()),
            sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: okSchema(Type.Object({ nodeId: Type.String() })), ...errorResponses },
      },
    },
    async (request) => {
      await admin.updateGame(request.params.nodeId, request.body, actorOf(request));
      return ok({ nodeId: request.params.nodeId });
    },
  );

  app.post(
    '/admin/api/vendors/:code/:gameType/games/import',
    {
      bodyLimit: IMPORT_LIMIT_BYTES,
      schema: {
        tags,
        summary:
          'Imports a vendor’s game list: the body is the file, a JSON array (application/json) or CSV with a header ' +
          'row (text/csv), columns nodeId, nameEn, nameBn, classify, minBet, lines, icon, hot, new, trial, rtp, margin, ' +
          'volatility, enabled. Every row is checked first; one bad row writes nothing.',
        params: VendorParams,
        response: {
          200: okSchema(Type.Object({ created: Type.Integer(), updated: Type.Integer() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const csv = request.headers['content-type']?.startsWith('text/csv') ?? false;
      const rows = csv ? rowsFromCsv(String(request.body)) : fromJsonBody(request.body);
      return ok(await admin.importGames(request.params, rows, actorOf(request)));
    },
  );
};

/** Fastify has parsed a JSON body already; it must be the array of games. */
function fromJsonBody(body: unknown): unknown[] {
  if (!Array.isArray(body)) throw new AppError(400, 'VALIDATION', { detail: 'a JSON array of games is expected' });
  return body;
}
