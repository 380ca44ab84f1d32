import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { AgentTeamService } from './service.ts';

const Account = Type.String({ minLength: 1, maxLength: 64 });

/** The operator moves a member, with its whole team, under another agent (audited; the tree keeps its history). */
export const agentAdminRoutes: FastifyPluginAsyncTypebox<{
  team: AgentTeamService;
  admins: OperatorAuthenticator;
}> = async (app, { team, admins }) => {
  app.addHook('onRequest', requireAdmin(admins));
  app.post(
    '/admin/api/members/:account/upline',
    {
      schema: {
        tags: ['admin'],
        summary: "Moves a member and its team under another agent (refused when the agent is in the member's team)",
        params: Type.Object({ account: Account }),
        body: Type.Object({ upline: Account }, { additionalProperties: false }),
        response: {
          200: okSchema(Type.Object({ account: Type.String(), upline: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await team.moveUnder(request.params.account, request.body.upline, actorOf(request))),
  );
};
