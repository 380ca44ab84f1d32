import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ok, okSchema } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { deviceOf, setSessionCookies } from './cookies.ts';
import { SOCIAL_PROVIDERS, type SocialSignIn } from './social.ts';

const STATE_COOKIE = 'portal_oidc';
const tags = ['accounts'];
const ProviderParams = Type.Object({ provider: Type.Enum(SOCIAL_PROVIDERS) }, { additionalProperties: false });

/** Social sign-in: the browser is sent to the provider and comes back to the callback, which signs it in. */
export const socialRoutes: FastifyPluginAsyncTypebox<{ social: SocialSignIn }> = async (app, { social }) => {
  app.get(
    '/wps/session/social',
    {
      schema: {
        tags,
        summary: 'Social sign-in providers offered',
        response: { 200: okSchema(Type.Object({ providers: Type.Array(Type.Enum(SOCIAL_PROVIDERS)) })) },
      },
    },
    async () => ok({ providers: social.enabled() }),
  );

  app.get(
    '/wps/session/social/:provider/start',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Sends the browser to the provider', params: ProviderParams },
    },
    async (request, reply) => {
      const { url, state } = await social.start(request.params.provider);
      // Lax: the provider brings the browser back with a top-level GET, which carries Lax cookies.
      reply.setCookie(STATE_COOKIE, state, {
        path: '/wps/session/social',
        httpOnly: true,
        sameSite: 'lax',
        maxAge: 600,
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/wps/session/social/:provider/callback',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Where the provider sends the browser back', params: ProviderParams },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      reply.clearCookie(STATE_COOKIE, { path: '/wps/session/social' });
      try {
        const outcome = await social.finish(request.params.provider, query, request.cookies[STATE_COOKIE], {
          ip: request.ip,
          device: deviceOf(request),
          userAgent: request.headers['user-agent'],
          language: requestLanguage(request),
        });
        if ('challenge' in outcome) {
          // In the fragment, which browsers never send to a server, so the id stays out of every access log.
          return reply.redirect(`/login#secondFactor=${encodeURIComponent(outcome.challenge.challengeId)}`, 302);
        }
        setSessionCookies(reply, outcome.session.token);
        return reply.redirect(outcome.session.firstTimeLogin ? '/?firstLogin=1' : '/', 302);
      } catch (error) {
        request.log.warn({ err: error, provider: request.params.provider }, 'social sign-in failed');
        return reply.redirect('/login?socialError=1', 302);
      }
    },
  );
};
