import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './web-app.ts';

type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * The headers a helmet middleware sets, recorded once. Every policy here is static (no per-request nonce), so each
 * response gets exactly these; replaying them skips helmet's chain of eleven middlewares on every request.
 */
export function recordHelmetHeaders(middleware: ReturnType<typeof helmet>): HeaderList {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return [...headers];
}

/**
 * Helmet's security headers on every response: the page set for the web app, and for JSON APIs the set OWASP
 * recommends (a policy under which nothing may load or frame, HSTS, nosniff, DENY, same-origin resources).
 */
export function registerSecurityHeaders(app: FastifyInstance, inlineScriptHashes: string[]) {
  const pageHeaders = recordHelmetHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...inlineScriptHashes],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          // Plain http only on loopback: the demo studio's games (see the launch addresses in the seamless module).
          frameSrc: ["'self'", 'https:', 'http://127.0.0.1:*', 'http://localhost:*'],
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
    }),
  );
  // OWASP's REST Security Cheat Sheet set; the others concern documents (opener, referrer, DNS prefetch,
  // agent clusters, old IE and Flash) and only add bytes to every answer.
  const apiHeaders = recordHelmetHeaders(
    helmet({
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
    }),
  );
  const api = Object.fromEntries(apiHeaders);
  const page = Object.fromEntries(pageHeaders);
  // On the reply, not on the raw response: a header set on the raw response makes Node merge and check every other
  // header of the answer one by one, which cost about a fifth of a status call's CPU time (bench/README.md).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) && !request.url.startsWith('/docs') ? api : page);
    done();
  });
}
