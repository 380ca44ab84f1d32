import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotLoggedIn } from '../../http/errors.ts';
import type { AdminIdentity, AdminService } from './service.ts';

export const ADMIN_COOKIE = 'portal_admin';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AdminIdentity;
  }
}

export function bearerOrCookie(request: FastifyRequest, cookieName: string): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies[cookieName] ?? null;
}

/** onRequest hook (before the body is parsed or validated) for every /admin/api route except login. */
export function requireAdmin(admins: AdminService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerOrCookie(request, ADMIN_COOKIE);
    if (!token) throw new NotLoggedIn();
    request.admin = await admins.authenticate(token);
  };
}

export function actorOf(request: FastifyRequest) {
  return { name: `admin:${request.admin?.username ?? 'unknown'}`, ip: request.ip };
}
