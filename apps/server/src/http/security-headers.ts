import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './web-app.ts';

/**
 * Helmet's security headers on every response: the page set for the web app, and for JSON APIs the set OWASP
 * recommends (a policy under which nothing may load or frame, HSTS, nosniff, DENY, same-origin resources).
 * Both middlewares are built once: @fastify/helmet rebuilds them, re-parsing the CSP, on every request, which
 * cost a fifth of the throughput of small API calls.
 */
export function registerSecurityHeaders(app: FastifyInstance, inlineScriptHashes: string[]) {
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // OWASP's REST Security Cheat Sheet set; the others concern documents (opener, referrer, DNS prefetch,
  // agent clusters, old IE and Flash) and only add bytes to every answer.
  const apiHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const apply = isApiPath(request.url) && !request.url.startsWith('/docs') ? apiHeaders : pageHeaders;
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
