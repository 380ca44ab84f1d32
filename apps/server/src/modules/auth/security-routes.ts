import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type MemberAuthenticator, memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { AuthenticatorApp } from './authenticator-app.ts';
import { perMinute, tags } from './context.ts';
import * as schemas from './schemas.ts';
import type { SecurityCentre } from './security-centre.ts';

/** The security centre and the authenticator app of a signed-in member with a real account. */
export const securityRoutes: FastifyPluginAsyncTypebox<{
  centre: SecurityCentre;
  authenticatorApp: AuthenticatorApp;
  sessions: MemberAuthenticator;
}> = async (app, { centre, authenticatorApp, sessions }) => {
  const realMember = requireMember(sessions);
  const securityResponse = { 200: okSchema(schemas.SecurityInfoSchema), ...errorResponses };

  app.get(
    '/wps/member/security',
    { onRequest: realMember, schema: { tags, summary: 'Security centre', response: securityResponse } },
    async (request) => ok(await centre.info(memberOf(request))),
  );
  app.post(
    '/wps/member/security/totp/setup',
    {
      onRequest: realMember,
      config: perMinute(10),
      schema: { tags, summary: 'Starts the authenticator-app set-up: secret and QR code' },
    },
    async (request) => ok(await authenticatorApp.setup(memberOf(request))),
  );
  app.post(
    '/wps/member/security/totp/enable',
    {
      onRequest: realMember,
      config: perMinute(10),
      schema: { tags, summary: 'Confirms the app with a code', body: schemas.TotpCodeBody, response: securityResponse },
    },
    async (request) => ok(await authenticatorApp.enable(memberOf(request), request.body.code, request.ip)),
  );
  app.post(
    '/wps/member/security/totp/disable',
    {
      onRequest: realMember,
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Turns the app off with a code',
        body: schemas.TotpCodeBody,
        response: securityResponse,
      },
    },
    async (request) => ok(await authenticatorApp.disable(memberOf(request), request.body.code, request.ip)),
  );
  app.put(
    '/wps/member/security/totp/always',
    {
      onRequest: realMember,
      schema: {
        tags,
        summary: 'Ask for the app code at every login',
        body: schemas.TotpAlwaysBody,
        response: securityResponse,
      },
    },
    async (request) => ok(await authenticatorApp.setAlways(memberOf(request), request.body.enabled, request.ip)),
  );
};
