import type { FastifyRequest } from 'fastify';

/**
 * Which web pages may open the portal's WebSocket. A browser sends the page's origin with every socket it opens and
 * sends the member's cookie along whatever the page, so without this check any site a member visits could read
 * their balance pushes. Allowed: the portal's public address, the host the request itself was sent to (each mirror
 * domain serves its own pages), and the operator's list. A client that sends no origin is no browser page.
 */
export class AllowedOrigins {
  private readonly listed: Set<string>;

  constructor(publicUrl: string, extra: string) {
    this.listed = new Set(
      [publicUrl, ...extra.split(',')].filter((origin) => origin !== '').map((origin) => new URL(origin).origin),
    );
  }

  allows(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return false;
    }
    return this.listed.has(parsed.origin) || parsed.host === request.host;
  }
}
