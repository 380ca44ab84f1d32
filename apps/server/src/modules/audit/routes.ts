import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { AuditLog } from './service.ts';

const AuditEntry = Type.Object({
  id: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});

/** The audit log for operators: sign-ins, failures, locks, password changes, second factors, operator actions. */
export const auditRoutes: FastifyPluginAsyncTypebox<{
  log: AuditLog;
  admins: OperatorAuthenticator;
}> = async (app, { log, admins }) => {
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
    async (request) => ok(await log.read(request.query)),
  );
};
