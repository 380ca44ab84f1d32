import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPTCHA_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../common/request-identity.ts';

/** Secure or not as the cookie plugin decides for every cookie (app.ts). */
export function setSessionCookies(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax' });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax' });
}

export function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

/** The captcha a browser was shown (cookie), or the id an API client passes back in a header. */
export function captchaIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-captcha-id'];
  return (typeof header === 'string' ? header : undefined) ?? request.cookies[CAPTCHA_COOKIE];
}
