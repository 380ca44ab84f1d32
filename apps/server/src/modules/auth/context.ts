import type { LoginSession, SecondFactorChallenge } from '@portal/shared/auth';
import type { Language } from '@portal/shared/constants';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../../http/language.ts';
import { deviceOf } from './cookies.ts';

/** What the services of this module need to know of the request they serve. */
export interface RequestContext {
  ip: string;
  /** The browser's device id (cookie), when it sent one. */
  device: string | null;
  userAgent: string | undefined;
  language: Language;
}

/** How a sign-in was proved, and what the session must ask of the member next. */
export interface SignInFlags {
  mustChangePassword: boolean;
  passwordExpired: boolean;
}

/** What a route needs to finish a sign-in: the session (with the token to set as a cookie), or a challenge. */
export type LoginOutcome = { session: LoginSession } | { challenge: SecondFactorChallenge };

export function contextOf(request: FastifyRequest): RequestContext {
  return {
    ip: request.ip,
    device: deviceOf(request),
    userAgent: request.headers['user-agent'],
    language: requestLanguage(request),
  };
}

export const tags = ['accounts'];
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
