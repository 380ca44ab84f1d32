import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, NotLoggedIn } from '../../http/errors.ts';
import { bearerOrCookie } from '../admin/guard.ts';
import { TRIAL_TYPE } from '../members/service.ts';
import type { AuthService } from './service.ts';
import type { MemberIdentity } from './sessions.ts';

/** httpOnly session cookie; page scripts never see the token. */
export const SESSION_COOKIE = 'portal_session';
/** Readable companion cookie saying only "a session was opened", so the app can route before its first call. */
export const SESSION_HINT_COOKIE = 'portal_member';
export const CAPTCHA_COOKIE = 'portal_captcha';

declare module 'fastify' {
  interface FastifyRequest {
    member?: MemberIdentity;
  }
}

export interface MemberGuardOptions {
  /** Trial (free-play) accounts may use this call. */
  allowTrial?: boolean;
  /** Sessions that must change their password first may use this call. */
  allowPendingPasswordChange?: boolean;
}

/** onRequest hook (before the body is parsed) for calls that need a signed-in member. */
export function requireMember(auth: AuthService, options: MemberGuardOptions = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerOrCookie(request, SESSION_COOKIE);
    const identity = token ? await auth.authenticate(token) : null;
    if (!identity) throw new NotLoggedIn();
    if (identity.type === TRIAL_TYPE && !options.allowTrial) throw new AppError(403, 'NEED_REAL_ACCOUNT');
    if (identity.mustChangePassword && !options.allowPendingPasswordChange) {
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED');
    }
    request.member = identity;
  };
}

/** onRequest hook for calls open to visitors that do more for a signed-in member (an unknown token is a visitor). */
export function optionalMember(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerOrCookie(request, SESSION_COOKIE);
    const identity = token ? await auth.authenticate(token) : null;
    if (identity && !identity.mustChangePassword) request.member = identity;
  };
}

export function memberOf(request: FastifyRequest): MemberIdentity {
  if (!request.member) throw new NotLoggedIn();
  return request.member;
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string) {
  const secure = request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.setCookie(SESSION_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure });
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
