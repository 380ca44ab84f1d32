import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { LoginRequest } from '@portal/shared/auth';
import Type from 'typebox';
import { CAPTCHA_COOKIE, memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { CaptchaService } from './captcha.ts';
import { contextOf, perMinute, tags } from './context.ts';
import { captchaIdOf, clearSessionCookies, ensureDevice, setSessionCookies } from './cookies.ts';
import type { FreePlay } from './free-play.ts';
import type { LoginService } from './login.ts';
import type { MemberSessions } from './member-sessions.ts';
import * as schemas from './schemas.ts';
import type { SecondFactorService } from './second-factor.ts';

/** Signing in and out: captcha, login, its second factor, free play and logout. */
export const loginRoutes: FastifyPluginAsyncTypebox<{
  login: LoginService;
  secondFactor: SecondFactorService;
  freePlay: FreePlay;
  sessions: MemberSessions;
  captcha: CaptchaService;
}> = async (app, { login, secondFactor, freePlay, sessions, captcha }) => {
  app.get(
    '/wps/captcha',
    {
      config: perMinute(240),
      schema: { tags, summary: 'A new captcha image (PNG, base64)', response: { 200: okSchema(Type.String()) } },
    },
    async (_request, reply) => {
      const { id, png } = await captcha.issue();
      reply.setCookie(CAPTCHA_COOKIE, id, {
        path: '/wps',
        httpOnly: true,
        sameSite: 'strict',
      });
      reply.header('x-captcha-id', id).header('cache-control', 'no-store');
      return ok(png);
    },
  );

  app.post(
    '/wps/session/login',
    {
      // Per address, so a high ceiling: many players share one carrier address (the guard counts per account and device).
      config: perMinute(120),
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
      ensureDevice(request, reply);
      const outcome = await login.login(
        body,
        { ok: () => captcha.check(captchaIdOf(request), body.captcha) },
        contextOf(request),
      );
      if ('challenge' in outcome) return ok(outcome.challenge);
      setSessionCookies(reply, outcome.session.token);
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
      ok(await secondFactor.sendCode(request.body.challengeId, request.body.method, contextOf(request))),
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
      const session = await secondFactor.complete(request.body, contextOf(request));
      setSessionCookies(reply, session.token);
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
      const session = await freePlay.start(contextOf(request));
      setSessionCookies(reply, session.token);
      return ok(session);
    },
  );

  app.delete(
    '/wps/session/logout',
    {
      onRequest: requireMember(sessions, { allowTrial: true, allowPendingPasswordChange: true }),
      schema: { tags, summary: 'Ends this session', response: { 200: okSchema(Type.Null()) } },
    },
    async (request, reply) => {
      await sessions.logout(memberOf(request), request.ip);
      clearSessionCookies(reply);
      return ok(null);
    },
  );
};
