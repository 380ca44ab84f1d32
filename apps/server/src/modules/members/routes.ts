import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { type MemberAuthenticator, memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { PaymentPasswords } from './payment-password.ts';
import { AffiliateQuery } from './schemas.ts';
import type { MemberService } from './service.ts';

const tags = ['accounts'];

/**
 * The member's profile and the registration form's rules. Signing in, passwords and the security centre are the
 * auth module's; this module only reads who the session is through the guard of the common layer.
 */
export const memberRoutes: FastifyPluginAsyncTypebox<{
  members: MemberService;
  sessions: MemberAuthenticator;
  passwords: PaymentPasswords;
}> = async (app, { members, sessions, passwords }) => {
  const anyMember = requireMember(sessions, { allowTrial: true, allowPendingPasswordChange: true });
  const realMember = requireMember(sessions);

  app.post(
    '/wps/member/password/payment',
    {
      onRequest: realMember,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Sets or changes the 6-digit payment password (the login password proves who asks)',
        body: Type.Object(
          {
            loginPassword: Type.String({ minLength: 1, maxLength: 128 }),
            newPaymentPassword: Type.String({ maxLength: 32 }),
            confirmPaymentPassword: Type.String({ maxLength: 32 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(Type.Object({})), ...errorResponses },
      },
    },
    async (request) => {
      await passwords.set(memberOf(request).id, request.body, request.ip);
      return ok({});
    },
  );

  app.get(
    '/wps/system/setting/register',
    { schema: { tags, summary: 'Registration form: types, field rules and switches' } },
    async () => ok(await members.rules()),
  );

  app.get(
    '/wps/agent/affiliate',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Checks an invitation (affiliate) code',
        querystring: AffiliateQuery,
        response: {
          200: okSchema(Type.Object({ valid: Type.Literal(true), agent: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const inviter = await members.inviter(request.query.code);
      return ok({ valid: true as const, agent: inviter.account });
    },
  );

  app.get(
    '/wps/member/info',
    { onRequest: anyMember, schema: { tags, summary: 'The signed-in member' } },
    async (request) => {
      const member = memberOf(request);
      return ok(await members.info(member.id, member.mustChangePassword));
    },
  );

  const icon = async (request: FastifyRequest) => ok({ icon: await members.icon(memberOf(request).id) });
  app.get('/wps/member/info/icon', { onRequest: anyMember, schema: { tags, summary: 'Member icon' } }, icon);
  app.get('/wps/relay/MCSFE_getPlayerAvatar', { onRequest: anyMember, schema: { tags, summary: 'Avatar' } }, icon);
};
