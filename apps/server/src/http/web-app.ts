import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SPA_ROUTES } from '@portal/shared/constants';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendNotFound } from './error-handler.ts';

const API_PREFIXES = ['/wps/', '/lgw/', '/admin/api', '/vendor/', '/docs'];

export interface WebBuild {
  distDir: string;
  indexHtml: string;
  /** CSP sources for the inline scripts of index.html (the theme is applied before first paint). */
  inlineScriptHashes: string[];
}

export function readWebBuild(distDir: string): WebBuild | null {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const indexHtml = fs.readFileSync(indexPath, 'utf8');
  const inlineScriptHashes = [...indexHtml.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? '')
    .filter((body) => body.trim().length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  return { distDir, indexHtml, inlineScriptHashes };
}

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html and the service worker never cached,
 * and index.html for every route of the spec (200) or any other page address (404, the app shows its 404 page).
 */
export async function registerWebApp(app: FastifyInstance, build: WebBuild | null) {
  if (build) {
    await app.register(fastifyStatic, {
      root: build.distDir,
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(build.distDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (relative === 'index.html' || relative === 'sw.js' || relative.endsWith('.webmanifest')) {
          reply.header('cache-control', 'no-cache');
        } else {
          reply.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  }

  const sendPage = (reply: FastifyReply, status: number) => {
    if (!build) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does this for you).');
    }
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(build.indexHtml);
  };

  for (const route of SPA_ROUTES) {
    app.get(route, { schema: { hide: true } }, (_request, reply) => sendPage(reply, 200));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || isApiPath(pathname)) return sendNotFound(request, reply);
    return sendPage(reply, 404);
  });
}
