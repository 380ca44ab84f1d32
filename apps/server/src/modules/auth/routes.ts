import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { LoginRequest, RegisterRequest, RegistrationType } from '@portal/shared/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { CAPTCHA_COOKIE, memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import type { MemberService } from '../members/service.ts';
import type { WalletService } from '../wallet/service.ts';
import type { CaptchaService } from './captcha.ts';
import { captchaIdOf, clearSessionCookies, setSessionCookies } from './cookies.ts';
import * as schemas from './schemas.ts';
import type { AuthService, RequestContext } from './service.ts';

const tags = ['accounts'];
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

function contextOf(request: FastifyRequest): RequestContext {
  return { ip: request.ip, userAgent: request.headers['user-agent'], language: requestLanguage(request) };
}

/** Sign-in, registration, codes and captcha: the calls a visitor makes before having a session. */
export const authRoutes: FastifyPluginAsyncTypebox<{
  auth: AuthService;
  members: MemberService;
  captcha: CaptchaService;
  wallet: WalletService;
}> = async (app, { auth, members, captcha, wallet }) => {
  app.get(
    '/wps/captcha',
    {
      config: perMinute(60),
      schema: { tags, summary: 'A new captcha image (PNG, base64)', response: { 200: okSchema(Type.String()) } },
    },
    async (request, reply) => {
      const { id, png } = await captcha.issue();
      reply.setCookie(CAPTCHA_COOKIE, id, {
        path: '/wps',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
      });
      reply.header('x-captcha-id', id).header('cache-control', 'no-store');
      return ok(png);
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
      config: perMinute(30),
      schema: {
        tags,
        summary: 'Checks an invitation (affiliate) code',
        querystring: schemas.AffiliateQuery,
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
      ok(await auth.sendRegisterSms(request.body.mobileNo, request.body.countryDialingCode, contextOf(request))),
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
      return ok(await auth.sendNoLoginSms(mobileNum, countryDialingCode, purpose, contextOf(request)));
    },
  );

  const register = (type: RegistrationType) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as RegisterRequest;
    const context = contextOf(request);
    const input = await members.validateRegistration(type, body, context.language);
    if (input.settings.captchaEnabled && !(await captcha.check(captchaIdOf(request), body.captcha))) {
      throw new AppError(400, body.captcha ? 'CAPTCHA_INVALID' : 'CAPTCHA_REQUIRED', {}, { field: 'captcha' });
    }
    if (type === 'registerMobile' && input.settings.smsVerification) {
      await auth.consumeRegisterCode(
        input.countryDialingCode as string,
        input.mobileNum as string,
        body.verificationCode,
      );
    }
    const member = await members.createRegistered(input, context.ip);
    const session = await auth.openSession(member, 'member', context, {
      mustChangePassword: false,
      passwordExpired: false,
    });
    setSessionCookies(request, reply, session.token);
    return ok(session);
  };
  const registerSchema = (summary: string) => ({
    config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    schema: {
      tags,
      summary,
      body: schemas.RegisterBody,
      response: { 200: okSchema(schemas.LoginSessionSchema), ...errorResponses },
    },
  });
  app.put('/wps/member/register', registerSchema('Registers by user name and signs in'), register('register'));
  app.put(
    '/wps/member/register/mobile',
    registerSchema('Registers by mobile number and signs in'),
    register('registerMobile'),
  );

  app.post(
    '/wps/session/login',
    {
      config: perMinute(30),
      schema: {
        tags,
        summary: 'Login by password or SMS code; may answer with a second-factor challenge',
        body: schemas.LoginBody,
        response: {
          200: okSchema(Type.Union([schemas.LoginSessionSchema, schemas.ChallengeSchema])),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = request.body as LoginRequest;
      const outcome = await auth.login(
        body,
        { ok: () => captcha.check(captchaIdOf(request), body.captcha) },
        contextOf(request),
      );
      if ('challenge' in outcome) return ok(outcome.challenge);
      setSessionCookies(request, reply, outcome.session.token);
      return ok(outcome.session);
    },
  );

  app.post(
    '/wps/session/login/second-factor/send',
    {
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Sends the code of a login challenge by SMS or e-mail',
        body: schemas.SecondFactorSendBody,
        response: { 200: okSchema(schemas.CodeSentSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(await auth.sendSecondFactorCode(request.body.challengeId, request.body.method, contextOf(request))),
  );

  app.post(
    '/wps/session/login/second-factor',
    {
      config: perMinute(20),
      schema: {
        tags,
        summary: 'Completes a login challenge',
        body: schemas.SecondFactorBody,
        response: { 200: okSchema(schemas.LoginSessionSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await auth.completeSecondFactor(request.body, contextOf(request));
      setSessionCookies(request, reply, session.token);
      return ok(session);
    },
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Free play: a trial account with a demo balance',
        response: { 200: okSchema(schemas.LoginSessionSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const session = await auth.freePlay(contextOf(request), (memberId) => wallet.grantDemoBalance(memberId));
      setSessionCookies(request, reply, session.token);
      return ok(session);
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
      await auth.sendResetLink(request.body.username, request.body.email, contextOf(request));
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
    async (request) => ok(await auth.resetByMobile(request.body, contextOf(request))),
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
    async (request) => ok(await auth.resetByLink(request.body, contextOf(request))),
  );
};

/** Calls of a signed-in member: session, info, password and the security centre. */
export const memberRoutes: FastifyPluginAsyncTypebox<{ auth: AuthService; members: MemberService }> = async (
  app,
  { auth, members },
) => {
  const anyMember = requireMember(auth, { allowTrial: true, allowPendingPasswordChange: true });
  const realMember = requireMember(auth);

  app.delete(
    '/wps/session/logout',
    { onRequest: anyMember, schema: { tags, summary: 'Ends this session', response: { 200: okSchema(Type.Null()) } } },
    async (request, reply) => {
      await auth.logout(memberOf(request), request.ip);
      clearSessionCookies(reply);
      return ok(null);
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

  const icon = async (request: FastifyRequest) => {
    const member = await members.findById(memberOf(request).id);
    return ok({ icon: member?.icon ?? '/avatars/1.svg' });
  };
  app.get('/wps/member/info/icon', { onRequest: anyMember, schema: { tags, summary: 'Member icon' } }, icon);
  app.get('/wps/relay/MCSFE_getPlayerAvatar', { onRequest: anyMember, schema: { tags, summary: 'Avatar' } }, icon);

  app.post(
    '/wps/member/password',
    {
      onRequest: requireMember(auth, { allowPendingPasswordChange: true }),
      config: perMinute(10),
      schema: {
        tags,
        summary: 'Changes the password; every other session ends',
        body: schemas.ChangePasswordBody,
        response: { 200: okSchema(Type.Null()), ...errorResponses },
      },
    },
    async (request) => {
      await auth.changePassword(memberOf(request), request.body, contextOf(request));
      return ok(null);
    },
  );

  const securityResponse = { 200: okSchema(schemas.SecurityInfoSchema), ...errorResponses };
  app.get(
    '/wps/member/security',
    { onRequest: realMember, schema: { tags, summary: 'Security centre', response: securityResponse } },
    async (request) => ok(await auth.security(memberOf(request))),
  );
  app.post(
    '/wps/member/security/totp/setup',
    {
      onRequest: realMember,
      config: perMinute(10),
      schema: { tags, summary: 'Starts the authenticator-app set-up: secret and QR code' },
    },
    async (request) => ok(await auth.setupTotp(memberOf(request))),
  );
  app.post(
    '/wps/member/security/totp/enable',
    {
      onRequest: realMember,
      config: perMinute(10),
      schema: { tags, summary: 'Confirms the app with a code', body: schemas.TotpCodeBody, response: securityResponse },
    },
    async (request) => ok(await auth.enableTotp(memberOf(request), request.body.code, request.ip)),
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
    async (request) => ok(await auth.disableTotp(memberOf(request), request.body.code, request.ip)),
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
    async (request) => ok(await auth.sendMobileVerification(memberOf(request), contextOf(request))),
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
        response: securityResponse,
      },
    },
    async (request) => ok(await auth.verifyMobile(memberOf(request), request.body.code, request.ip)),
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
    async (request) => ok(await auth.setTotpAlways(memberOf(request), request.body.enabled, request.ip)),
  );
};
