import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { actorOf, type OperatorAuthenticator, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { LoginService } from './login.ts';

/** What operators do to members' sign-ins: lifting a login lock. */
export const authOperatorRoutes: FastifyPluginAsyncTypebox<{
  login: LoginService;
  admins: OperatorAuthenticator;
}> = async (app, { login, admins }) => {
  app.addHook('onRequest', requireAdmin(admins));

  app.post(
    '/admin/api/members/:account/unlock',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lifts the lock of an account after too many failed logins',
        params: Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
        response: { 200: okSchema(Type.Null()), ...errorResponses },
      },
    },
    async (request) => {
      await login.unlock(request.params.account, actorOf(request).name);
      return ok(null);
    },
  );
};
