import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { requireAdmin } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';

const AuditEntry = Type.Object({
  id: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

/** The audit log for operators: sign-ins, failures, locks, password changes, second factors, operator actions. */
export const auditRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<Database>; admins: OperatorAuthenticator }> = async (
  app,
  { db, admins },
) => {
  app.addHook('onRequest', requireAdmin(admins));
  app.get(
    '/admin/api/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'Audit log, newest first',
        querystring: Type.Object(
          {
            actor: Type.Optional(Type.String({ maxLength: 80 })),
            action: Type.Optional(Type.String({ maxLength: 80 })),
            limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(Type.Array(AuditEntry)), ...errorResponses },
      },
    },
    async (request) => {
      const { actor, action, limit } = request.query;
      let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit);
      if (actor) query = query.where('actor', '=', actor);
      // 'member.login' also finds 'member.login.failed' and 'member.login.locked'.
      if (action) query = query.where('action', 'like', `${action.replace(/[%_\\]/g, '\\$&')}%`);
      const rows = await query.execute();
      return ok(
        rows.map((r) => ({
          id: r.id,
          actor: r.actor,
          action: r.action,
          detail: r.detail,
          ip: r.ip,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
    },
  );
};
