import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { Database } from '../../db/schema.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, requireAdmin } from '../admin/guard.ts';
import type { AdminService } from '../admin/service.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { SeamlessService } from './service.ts';

const Code = Type.Object({ code: Type.String({ pattern: '^[A-Z0-9_]{2,32}$' }) });
/** What the operator sees of an integration: never its secret. */
const IntegrationSchema = Type.Object({
  code: Type.String(),
  currency: Type.String(),
  enabled: Type.Boolean(),
  sessionMinutes: Type.Integer(),
  launchUrl: Type.Union([Type.String(), Type.Null()]),
});

/** The operator connects game vendors: their shared secret, currency, session length and launch address. */
export const seamlessAdminRoutes: FastifyPluginAsyncTypebox<{
  db: Kysely<Database>;
  admins: AdminService;
  audit: AuditRecorder;
  seamless: SeamlessService;
}> = async (app, { db, admins, audit, seamless }) => {
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
    async () => {
      const rows = await db
        .selectFrom('vendor_integrations')
        .select(['vendor_code', 'currency', 'enabled', 'session_minutes', 'launch_url'])
        .orderBy('vendor_code')
        .execute();
      return ok(
        rows.map((row) => ({
          code: row.vendor_code,
          currency: row.currency,
          enabled: row.enabled,
          sessionMinutes: row.session_minutes,
          launchUrl: row.launch_url,
        })),
      );
    },
  );

  app.put(
    '/admin/api/vendor-integrations/:code',
    {
      schema: {
        tags,
        summary:
          'Connects a vendor or changes its connection. The secret is required the first time and kept when left ' +
          'out later; launchUrl is an https address with {gameId}, {token}, {language} and {mode} placeholders.',
        params: Code,
        body: Type.Object(
          {
            secret: Type.Optional(Type.String({ minLength: 32, maxLength: 256 })),
            currency: Type.String({ pattern: '^[A-Z]{3,5}$' }),
            enabled: Type.Optional(Type.Boolean()),
            sessionMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
            launchUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(Type.Object({ code: Type.String() })), ...errorResponses },
      },
    },
    async (request) => {
      const { code } = request.params;
      const known = await db.selectFrom('vendors').select('code').where('code', '=', code).executeTakeFirst();
      if (!known) throw new AppError(404, 'NOT_FOUND');
      const existing = await seamless.vendor(code).catch(() => null);
      const secret = request.body.secret ?? existing?.secret;
      if (!secret) throw new AppError(400, 'VALIDATION', { detail: 'secret is required to connect a vendor' });
      await seamless.configureVendor({ ...request.body, code, secret });
      const { secret: _secret, ...shown } = request.body;
      const actor = actorOf(request);
      await audit({ actor: actor.name, action: 'vendor.integration.saved', detail: { code, ...shown }, ip: actor.ip });
      return ok({ code });
    },
  );
};
