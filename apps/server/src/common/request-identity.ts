import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, NotLoggedIn } from '../http/errors.ts';
import { AGENT_TYPES, TRIAL_TYPE } from './member-types.ts';

/** httpOnly session cookie of players and agents; page scripts never see the token. */
export const SESSION_COOKIE = 'portal_session';
/** Readable companion cookie saying only "a session was opened", so the app can route before its first call. */
export const SESSION_HINT_COOKIE = 'portal_member';
export const CAPTCHA_COOKIE = 'portal_captcha';
/** httpOnly session cookie of operators. */
export const ADMIN_COOKIE = 'portal_admin';
/** A long-lived random id of the browser, so failed sign-ins are counted per device, not per shared address. */
export const DEVICE_COOKIE = 'portal_device';

export type Portal = 'member' | 'agent';

/** A signed-in player or agent, as the session says. */
export interface MemberIdentity {
  id: string;
  account: string;
  type: number;
  portal: Portal;
  mustChangePassword: boolean;
  tokenHash: string;
}

/** A signed-in operator. */
export interface OperatorIdentity {
  id: number;
  username: string;
}

/** What finds the member of a session token: the auth module's sessions. */
export interface MemberAuthenticator {
  authenticate(token: string): Promise<MemberIdentity | null>;
}

/** What finds the operator of a session token (throws NotLoggedIn when there is none). */
export interface OperatorAuthenticator {
  authenticate(token: string): Promise<OperatorIdentity>;
}

declare module 'fastify' {
  interface FastifyRequest {
    member?: MemberIdentity;
    admin?: OperatorIdentity;
  }
}

/** The session token of a request: a Bearer header, else the cookie. */
export function bearerOrCookie(request: FastifyRequest, cookieName: string): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[cookieName] ?? null;
}

export interface MemberGuardOptions {
  /** Trial (free-play) accounts may use this call. */
  allowTrial?: boolean;
  /** Sessions that must change their password first may use this call. */
  allowPendingPasswordChange?: boolean;
}

/** onRequest hook (before the body is parsed) for calls that need a signed-in member. */
export function requireMember(sessions: MemberAuthenticator, options: MemberGuardOptions = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerOrCookie(request, SESSION_COOKIE);
    const identity = token ? await sessions.authenticate(token) : null;
    if (!identity) throw new NotLoggedIn();
    if (identity.type === TRIAL_TYPE && !options.allowTrial) throw new AppError(403, 'NEED_REAL_ACCOUNT');
    if (identity.mustChangePassword && !options.allowPendingPasswordChange) {
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED');
    }
    request.member = identity;
  };
}

/** onRequest hook for calls open to visitors that do more for a signed-in member (an unknown token is a visitor). */
export function optionalMember(sessions: MemberAuthenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerOrCookie(request, SESSION_COOKIE);
    const identity = token ? await sessions.authenticate(token) : null;
    if (identity && !identity.mustChangePassword) request.member = identity;
  };
}

export function memberOf(request: FastifyRequest): MemberIdentity {
  if (!request.member) throw new NotLoggedIn();
  return request.member;
}

/**
 * onRequest hook of the agent centre: a signed-in member of an agent type (spec section 9). Anyone else is told,
 * as the agent login tells them, that only agents may come in.
 */
export function requireAgent(sessions: MemberAuthenticator) {
  const member = requireMember(sessions);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await member(request, reply);
    if (!AGENT_TYPES.includes(memberOf(request).type)) throw new AppError(403, 'NON_AGENT');
  };
}

/** onRequest hook (before the body is parsed or validated) for every /admin/api route except login. */
export function requireAdmin(operators: OperatorAuthenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerOrCookie(request, ADMIN_COOKIE);
    if (!token) throw new NotLoggedIn();
    request.admin = await operators.authenticate(token);
  };
}

/** The signed-in operator of a route behind `requireAdmin`. */
export function operatorOf(request: FastifyRequest): OperatorIdentity {
  if (!request.admin) throw new NotLoggedIn();
  return request.admin;
}

/** The operator behind a request, as audit rows name them. */
export function actorOf(request: FastifyRequest) {
  return { name: `admin:${request.admin?.username ?? 'unknown'}`, ip: request.ip };
}
