import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { isDrawnBannerArt, SPA_ROUTES } from '@portal/shared/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './error-handler.ts';

const API_PREFIXES = ['/wps/', '/lgw/', '/admin/api', '/vendor/', '/house/api/', '/docs'];

/** What the first screen needs, embedded in the page so the app can render without waiting for the API. */
export interface BootData {
  language: string;
  host: string;
  values: Record<string, unknown>;
  /** The first banner of this page's group: its image (preloaded) and its words, painted with the document. */
  firstBanner: FirstBanner | null;
}

export interface FirstBanner {
  url: string;
  headline?: string;
  detail?: string;
  button?: string;
}

export type BootDataSource = (request: FastifyRequest, pathname: string) => Promise<BootData | null>;

export interface WebBuild {
  distDir: string;
  indexHtml: string;
  /** CSP sources for the inline scripts of index.html (the theme is applied before first paint). */
  inlineScriptHashes: string[];
}

/**
 * The build's own stylesheets go into the page itself: they block the first paint, and as separate files they
 * cost the first visit a round trip before anything shows. (Vite writes absolute asset URLs, so nothing inside
 * them is relative to the stylesheet's address.)
 */
function inlineStylesheets(html: string, distDir: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[\w.-]+\.css)"[^>]*>/g, (tag, href: string) => {
    const file = path.join(distDir, href);
    return fs.existsSync(file) ? `<style>${fs.readFileSync(file, 'utf8')}</style>` : tag;
  });
}

export function readWebBuild(distDir: string): WebBuild | null {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return null;
  const indexHtml = inlineStylesheets(fs.readFileSync(indexPath, 'utf8'), distDir);
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
/** JSON inside a <script> data block: '<' escaped so no text can close the element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The first banner in the boot shell, in the same markup as the app's carousel slide (banner-carousel.tsx), so its
 * headline is the page's largest paint from the document itself and nothing moves when React takes over.
 */
function firstBannerHtml(banner: FirstBanner): string {
  const image = isDrawnBannerArt(banner.url)
    ? `<svg class="banner-carousel__art" viewBox="0 0 1200 400" preserveAspectRatio="xMidYMid slice" aria-hidden="true"><use href="${attribute(banner.url)}"/></svg>`
    : `<img src="${attribute(banner.url)}" alt="" width="1200" height="400" fetchpriority="high">`;
  if (!banner.headline) return image;
  const detail = banner.detail ? `<span class="banner-carousel__detail">${text(banner.detail)}</span>` : '';
  const button = banner.button ? `<span class="banner-carousel__cta">${text(banner.button)}</span>` : '';
  return `${image}<span class="banner-carousel__copy"><strong class="banner-carousel__headline">${text(banner.headline)}</strong>${detail}${button}</span>`;
}

/** index.html with the boot data block, the first banner's preload, and that banner in the boot shell. */
export function pageWithBootData(indexHtml: string, boot: BootData | null): string {
  if (!boot) return indexHtml;
  // Drawn art is drawn in place, not an image: nothing to preload as one.
  const preload =
    boot.firstBanner && !isDrawnBannerArt(boot.firstBanner.url)
      ? `<link rel="preload" as="image" href="${attribute(boot.firstBanner.url)}" fetchpriority="high">`
      : '';
  const data = `<script id="boot-data" type="application/json">${scriptSafeJson({
    language: boot.language,
    host: boot.host,
    values: boot.values,
  })}</script>`;
  const banner = boot.firstBanner ? firstBannerHtml(boot.firstBanner) : '';
  // The banner's preload goes ahead of the scripts: over HTTP/1.1 the browser opens six connections to a host, and
  // the largest paint must not queue behind the code's modulepreloads.
  const firstScript = indexHtml.indexOf('<script');
  const withPreload =
    firstScript >= 0 ? `${indexHtml.slice(0, firstScript)}${preload}${indexHtml.slice(firstScript)}` : indexHtml;
  return withPreload.replace('</head>', `${data}</head>`).replace('<!--first-banner-->', banner);
}

export async function registerWebApp(app: FastifyInstance, build: WebBuild | null, bootData?: BootDataSource) {
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    if (!build) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (npm start does this for you).');
    }
    const pathname = request.url.split('?')[0] ?? '/';
    // The page works without boot data (the app then asks the API), so a failure here only costs speed.
    const boot =
      status === 200 && bootData
        ? await bootData(request, pathname).catch((error: unknown) => {
            request.log.warn({ err: error }, 'boot data unavailable');
            return null;
          })
        : null;
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageWithBootData(build.indexHtml, boot));
  };

  // Compression lives in this scope only: pages and files of the web app. JSON API answers are small, or
  // cached already compressed (http/response-cache.ts), and skip its per-request hooks.
  await app.register(async (web) => {
    await web.register(fastifyCompress, { threshold: 1024 });
    if (build) {
      await web.register(fastifyStatic, {
        root: build.distDir,
        index: false,
        wildcard: true,
        // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.mjs).
        preCompressed: true,
        setHeaders(reply, filePath) {
          const relative = path.relative(build.distDir, filePath);
          if (relative.startsWith(`assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (/^(index\.html|sw\.js|manifest(\.[a-z]{2})?\.webmanifest)(\.br|\.gz)?$/.test(relative)) {
            reply.header('cache-control', 'no-cache');
          } else {
            reply.header('cache-control', 'public, max-age=3600');
          }
        },
      });
    }
    for (const route of SPA_ROUTES) {
      web.get(route, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, 200));
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || isApiPath(pathname)) return sendNotFound(request, reply);
    return sendPage(request, reply, 404);
  });
}
