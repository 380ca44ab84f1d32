import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { MessagingService } from './service.ts';

const OutboxEntry = Type.Object({
  id: Type.String(),
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  recipient: Type.String(),
  subject: Type.Union([Type.String(), Type.Null()]),
  body: Type.String(),
  provider: Type.String(),
  status: Type.String(),
  createdAt: Type.String(),
});

/** The development outbox: every SMS and e-mail the portal sent, newest first. Operators only. */
export const outboxRoutes: FastifyPluginAsyncTypebox<{
  messaging: MessagingService;
  admins: OperatorAuthenticator;
}> = async (app, { messaging, admins }) => {
  app.addHook('onRequest', requireAdmin(admins));
  app.get(
    '/admin/api/outbox',
    {
      schema: {
        tags: ['admin'],
        summary: 'Messages sent by SMS and e-mail (the development outbox)',
        querystring: Type.Object(
          {
            recipient: Type.Optional(Type.String({ maxLength: 254 })),
            limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(Type.Array(OutboxEntry)), ...errorResponses },
      },
    },
    async (request) => ok(await messaging.list(request.query)),
  );
};
