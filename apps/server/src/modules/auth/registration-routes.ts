import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { RegisterRequest, RegistrationType } from '@portal/shared/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { CaptchaService } from './captcha.ts';
import { contextOf, tags } from './context.ts';
import { captchaIdOf, setSessionCookies } from './cookies.ts';
import type { RegistrationService } from './registration.ts';
import * as schemas from './schemas.ts';

/** Registration by user name or by mobile number; either signs the new member in. */
export const registrationRoutes: FastifyPluginAsyncTypebox<{
  registration: RegistrationService;
  captcha: CaptchaService;
}> = async (app, { registration, captcha }) => {
  const register = (type: RegistrationType) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body as RegisterRequest;
    const session = await registration.register(
      type,
      body,
      { ok: () => captcha.check(captchaIdOf(request), body.captcha) },
      contextOf(request),
    );
    setSessionCookies(reply, session.token);
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
};
