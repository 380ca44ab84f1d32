import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LAUNCH_TARGETS } from '@portal/shared/games';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { IntegrationsAdmin } from './integrations-admin.ts';
import { NOTE_MAX_LENGTH } from './service.ts';

const Code = Type.Object({ code: Type.String({ pattern: '^[A-Z0-9_]{2,32}$' }) });
/** What the operator sees of an integration: never its secret. */
const IntegrationSchema = Type.Object({
  code: Type.String(),
  currency: Type.String(),
  enabled: Type.Boolean(),
  sessionMinutes: Type.Integer(),
  launchUrl: Type.Union([Type.String(), Type.Null()]),
  transferUrl: Type.Union([Type.String(), Type.Null()]),
  launchTarget: Type.Enum(LAUNCH_TARGETS),
  note: Type.Union([Type.String(), Type.Null()]),
});

/** The operator connects game vendors: their shared secret, currency, session length and launch address. */
export const seamlessAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: OperatorAuthenticator;
  integrations: IntegrationsAdmin;
}> = async (app, { admins, integrations }) => {
  app.addHook('onRequest', requireAdmin(admins));
  const tags = ['admin'];

  app.get(
    '/admin/api/vendor-integrations',
    {
      schema: {
        tags,
        summary: 'Connected game vendors (secrets are never shown)',
        response: { 200: okSchema(Type.Array(IntegrationSchema)), ...errorResponses },
      },
    },
    async () => ok(await integrations.list()),
  );

  app.put(
    '/admin/api/vendor-integrations/:code',
    {
      schema: {
        tags,
        summary:
          'Connects a vendor or changes its connection. The secret is required the first time and kept when left ' +
          'out later; launchUrl is an https address (http only on loopback: 127.0.0.1, localhost) with {gameId}, ' +
          '{token}, {language} and {mode} placeholders; transferUrl is the base address of the transfer API of a ' +
          'vendor in transfer mode (docs/transfer-api.md), https or loopback http as well; launchTarget is where its ' +
          'games open: frame (the /game page, the default when left out) or window (a window of their own, for ' +
          "pages that refuse to be framed); note is the operator's note on the vendor (at most 200 characters).",
        params: Code,
        body: Type.Object(
          {
            secret: Type.Optional(Type.String({ minLength: 32, maxLength: 256 })),
            currency: Type.String({ pattern: '^[A-Z]{3,5}$' }),
            enabled: Type.Optional(Type.Boolean()),
            sessionMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
            launchUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
            transferUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
            launchTarget: Type.Optional(Type.Enum(LAUNCH_TARGETS)),
            note: Type.Optional(Type.Union([Type.String({ maxLength: NOTE_MAX_LENGTH }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(Type.Object({ code: Type.String() })), ...errorResponses },
      },
    },
    async (request) => {
      await integrations.save(request.params.code, request.body, actorOf(request));
      return ok({ code: request.params.code });
    },
  );
};
