import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { type MemberAuthenticator, memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { contextOf, perMinute, tags } from './context.ts';
import type { PasswordService } from './passwords.ts';
import * as schemas from './schemas.ts';

/** Changing the password in a session, and recovering it without one (SMS code or e-mailed link). */
export const passwordRoutes: FastifyPluginAsyncTypebox<{
  passwords: PasswordService;
  sessions: MemberAuthenticator;
}> = async (app, { passwords, sessions }) => {
  app.post(
    '/wps/member/password',
    {
      onRequest: requireMember(sessions, { allowPendingPasswordChange: true }),
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Changes the password; every other session ends',
        body: schemas.ChangePasswordBody,
        response: { 200: okSchema(Type.Null()), ...errorResponses },
      },
    },
    async (request) => {
      await passwords.change(memberOf(request), request.body, contextOf(request));
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/email',
    {
      config: perMinute(5),
      schema: {
        tags,
        summary: 'Forgot password: e-mails a reset link (form-encoded username and email)',
        body: schemas.ResetByEmailBody,
        response: { 200: okSchema(Type.Null()), ...errorResponses },
      },
    },
    async (request) => {
      await passwords.sendResetLink(request.body.username, request.body.email, contextOf(request));
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Forgot password: sets a new one with the SMS code',
        body: schemas.ResetByMobileBody,
        response: { 200: okSchema(Type.Object({ account: Type.String() })), ...errorResponses },
      },
    },
    async (request) => ok(await passwords.resetByMobile(request.body, contextOf(request))),
  );

  app.post(
    '/wps/member/password/reset',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Sets a new password with the token of an e-mailed link',
        body: schemas.ResetByLinkBody,
        response: { 200: okSchema(Type.Object({ account: Type.String() })), ...errorResponses },
      },
    },
    async (request) => ok(await passwords.resetByLink(request.body, contextOf(request))),
  );
};
