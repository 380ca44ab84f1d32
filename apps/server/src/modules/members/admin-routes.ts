import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MOBILE_INPUT_MAX_LENGTH } from '@portal/shared/phone';
import Type from 'typebox';
import { OPERATOR_CREATABLE_TYPES } from '../../common/member-types.ts';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { MemberService } from './service.ts';

const CreateMemberBody = Type.Object(
  {
    account: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{2,31}$' }),
    password: Type.String({ minLength: 6, maxLength: 128 }),
    type: Type.Union(OPERATOR_CREATABLE_TYPES.map((t) => Type.Literal(t))),
    nickname: Type.Optional(Type.String({ maxLength: 64 })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    countryDialingCode: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
    // Any form a player would type; the service checks it with the shared phone module and stores one form.
    mobileNum: Type.Optional(Type.String({ minLength: 1, maxLength: MOBILE_INPUT_MAX_LENGTH })),
    payeeName: Type.Optional(Type.String({ minLength: 2, maxLength: 100 })),
    upline: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

/**
 * Operators open agent accounts and players' accounts with a first password (usually 123456, which the member
 * must change at the first login).
 */
export const memberAdminRoutes: FastifyPluginAsyncTypebox<{
  members: MemberService;
  admins: OperatorAuthenticator;
}> = async (app, { members, admins }) => {
  app.addHook('onRequest', requireAdmin(admins));
  app.post(
    '/admin/api/members',
    {
      schema: {
        tags: ['admin'],
        summary: 'Opens a player or agent account',
        body: CreateMemberBody,
        response: {
          200: okSchema(Type.Object({ id: Type.String(), account: Type.String(), inviteCode: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const member = await members.createByOperator(request.body, actorOf(request).name);
      return ok({ id: member.id, account: member.account, inviteCode: member.invite_code });
    },
  );
};
