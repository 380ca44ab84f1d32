import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type MemberAuthenticator, memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { contextOf, perMinute, tags } from './context.ts';
import type { MobileVerification } from './mobile-verification.ts';
import * as schemas from './schemas.ts';

/** SMS codes to a phone: before registering or signing in, and for the signed-in member's own number. */
export const mobileVerificationRoutes: FastifyPluginAsyncTypebox<{
  mobile: MobileVerification;
  sessions: MemberAuthenticator;
}> = async (app, { mobile, sessions }) => {
  const realMember = requireMember(sessions);

  app.post(
    '/wps/verification/sms/register',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Sends the SMS code of a registration by mobile',
        body: schemas.RegisterSmsBody,
        response: { 200: okSchema(schemas.CodeSentSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await mobile.sendRegisterCode(request.body.mobileNo, request.body.countryDialingCode, contextOf(request))),
  );

  app.post(
    '/wps/verification/sms/noLogin',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Sends an SMS code for login by code or a password reset',
        body: schemas.NoLoginSmsBody,
        response: { 200: okSchema(schemas.CodeSentSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { mobileNum, countryDialingCode, purpose } = request.body;
      return ok(await mobile.sendNoLoginCode(mobileNum, countryDialingCode, purpose, contextOf(request)));
    },
  );

  app.post(
    '/wps/member/security/mobile/code',
    {
      onRequest: realMember,
      config: perMinute(5),
      schema: {
        tags,
        summary: 'Sends a code to verify the member’s mobile number',
        response: { 200: okSchema(schemas.CodeSentSchema), ...errorResponses },
      },
    },
    async (request) => ok(await mobile.sendToOwnMobile(memberOf(request), contextOf(request))),
  );

  app.post(
    '/wps/member/security/mobile/verify',
    {
      onRequest: realMember,
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Verifies the member’s mobile number with the code',
        body: schemas.MobileCodeBody,
        response: { 200: okSchema(schemas.SecurityInfoSchema), ...errorResponses },
      },
    },
    async (request) => ok(await mobile.verifyOwnMobile(memberOf(request), request.body.code, request.ip)),
  );
};
