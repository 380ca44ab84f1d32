import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CAPTCHA_COOKIE, DEVICE_COOKIE, SESSION_COOKIE, SESSION_HINT_COOKIE } from '../../common/request-identity.ts';

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

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;
const DEVICE_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/** The browser's device id from its cookie; null when it sent none (or not one of ours). */
export function deviceOf(request: FastifyRequest): string | null {
  const id = request.cookies[DEVICE_COOKIE];
  return id !== undefined && DEVICE_ID.test(id) ? id : null;
}

/** Gives a browser without one a device id, kept for 400 days, in time for this request to be counted under it. */
export function ensureDevice(request: FastifyRequest, reply: FastifyReply): void {
  if (deviceOf(request)) return;
  const id = randomBytes(16).toString('base64url');
  request.cookies[DEVICE_COOKIE] = id;
  reply.setCookie(DEVICE_COOKIE, id, { path: '/wps', httpOnly: true, sameSite: 'lax', maxAge: DEVICE_COOKIE_SECONDS });
}
