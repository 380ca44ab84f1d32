// The studio's web server: the game pages the portal frames (or opens in a window of their own, for the vendors
// that refuse framing), and the spin API they call. Money only through the portal's seamless API (RoundKeeper);
// free play with fun money kept here, never the wallet's.
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LANGUAGES, type Language } from '@portal/shared/constants';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Catalogue } from './catalogue.ts';
import { text } from './i18n.ts';
import { cardsKind } from './kinds/cards.ts';
import { cockfightKind } from './kinds/cockfight.ts';
import { fishKind } from './kinds/fish.ts';
import type { GameKind } from './kinds/kind.ts';
import { liveKind } from './kinds/live.ts';
import { slotKind } from './kinds/slot.ts';
import { sportsKind } from './kinds/sports.ts';
import type { TableOptions } from './kinds/tables.ts';
import { messagePage, refusal } from './pages.ts';
import type { RoundKeeper } from './rounds.ts';
import { FUN_CURRENCY, FUN_START_CENTS, StudioSessions } from './sessions.ts';
import type { SportsBook } from './sports-book.ts';
import { registerTransferApi, type TransferApiOptions } from './transfer-api.ts';
import { AnswerLost, type VendorClient } from './vendor-client.ts';
import { WINDOW_VENDORS } from './vendors.ts';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
/**
 * Self-hosted fonts, as the portal's web app does, so Bengali reads the same on every phone. The package's CSS splits
 * the font by unicode-range, so a page loads only the files its characters need.
 */
const require = createRequire(import.meta.url);
const FONTS: Record<string, string> = {
  bengali: path.dirname(require.resolve('@fontsource-variable/noto-sans-bengali/package.json')),
};
/** The kinds of game the studio serves; a game type none of them plays shows a "coming soon" page. */
export const KINDS: readonly GameKind[] = [slotKind, fishKind, cardsKind, sportsKind, liveKind(), cockfightKind()];

export interface StudioOptions {
  client: VendorClient;
  rounds: RoundKeeper;
  catalogue: Catalogue;
  random?: (max: number) => number;
  /** Origins allowed to frame the studio's pages (the portal's); loopback and https by default. */
  frameAncestors?: string[];
  /**
   * Vendors whose pages nobody may frame (frame-ancestors 'none'): the portal opens them in a window of their own,
   * as the studio connects them (launchTarget 'window'). WINDOW_VENDORS by default.
   */
  windowVendors?: readonly string[];
  logger?: boolean;
  /** The sports and esports book (kinds/sports.ts). */
  sportsBook?: SportsBook;
  /** The transfer API for vendors in transfer mode (transfer-api.ts). */
  transfer?: TransferApiOptions;
  /** The live tables' and the pit's seed secret (kept across restarts) and pacing. */
  tables?: TableOptions;
}

export function buildStudio(options: StudioOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  const random = options.random ?? randomInt;
  const sessions = new StudioSessions();
  const kindOf = new Map(KINDS.flatMap((kind) => kind.gameTypes.map((type) => [type, kind] as const)));
  const assets = new Map<string, { type: string; body: Buffer }>();
  const policy = (frameAncestors: string) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; ');
  const framedCsp = policy(
    (options.frameAncestors ?? ['http://127.0.0.1:*', 'http://localhost:*', 'https:']).join(' '),
  );
  const unframedCsp = policy("'none'");
  const windowVendors = new Set(options.windowVendors ?? WINDOW_VENDORS);

  const sweep = setInterval(() => sessions.sweep(), 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get('/healthz', async () => ({ ok: true }));
  for (const kind of KINDS)
    kind.register(app, {
      sessions,
      rounds: options.rounds,
      client: options.client,
      catalogue: options.catalogue,
      random,
      sportsBook: options.sportsBook,
      tables: options.tables,
    });
  if (options.transfer) registerTransferApi(app, options.transfer);

  app.get<{ Params: { file: string } }>('/assets/:file', async (request, reply) => {
    const { file } = request.params;
    if (!/^[a-z-]+\.(js|css)$/.test(file)) return reply.code(404).send({ code: 'NOT_FOUND' });
    let asset = assets.get(file);
    if (!asset) {
      const full = path.join(PUBLIC_DIR, file);
      if (!fs.existsSync(full)) return reply.code(404).send({ code: 'NOT_FOUND' });
      asset = {
        type: file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
        body: fs.readFileSync(full),
      };
      assets.set(file, asset);
    }
    return reply.type(asset.type).header('cache-control', 'public, max-age=300').send(asset.body);
  });

  app.get<{ Params: { font: string } }>('/assets/fonts/:font.css', async (request, reply) => {
    const dir = FONTS[request.params.font];
    if (!dir) return reply.code(404).send({ code: 'NOT_FOUND' });
    const key = `font:${request.params.font}`;
    let asset = assets.get(key);
    if (!asset) {
      const css = fs.readFileSync(path.join(dir, 'index.css'), 'utf8');
      asset = {
        type: 'text/css; charset=utf-8',
        body: Buffer.from(css.replaceAll('url(./files/', `url(/assets/fonts/${request.params.font}/`)),
      };
      assets.set(key, asset);
    }
    return reply.type(asset.type).header('cache-control', 'public, max-age=86400').send(asset.body);
  });

  app.get<{ Params: { font: string; file: string } }>('/assets/fonts/:font/:file', async (request, reply) => {
    const dir = FONTS[request.params.font];
    const { file } = request.params;
    if (!dir || !/^[a-z0-9-]+\.woff2?$/.test(file)) return reply.code(404).send({ code: 'NOT_FOUND' });
    const full = path.join(dir, 'files', file);
    if (!fs.existsSync(full)) return reply.code(404).send({ code: 'NOT_FOUND' });
    return reply
      .type(file.endsWith('.woff2') ? 'font/woff2' : 'font/woff')
      .header('cache-control', 'public, max-age=604800, immutable')
      .send(fs.createReadStream(full));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/play', async (request, reply) => {
    const query = request.query;
    const language: Language = LANGUAGES.includes(query.lang as Language) ? (query.lang as Language) : 'bn';
    const vendor = query.vendor ?? '';
    const gameId = query.game ?? '';
    const token = query.token ?? '';
    // A vendor that opens in its own window says so to the browser too: its pages refuse any frame.
    reply
      .header('content-security-policy', windowVendors.has(vendor) ? unframedCsp : framedCsp)
      .type('text/html; charset=utf-8');
    if (!/^[A-Z0-9_]{2,32}$/.test(vendor) || !/^[A-Za-z0-9_.:-]{1,64}$/.test(gameId)) {
      return reply.code(400).send(messagePage(language, text('notFound', language)));
    }
    let info: Awaited<ReturnType<Catalogue['game']>>;
    try {
      info = await options.catalogue.game(vendor, gameId, language);
    } catch (error) {
      // Without the list the game's type is unknown: a fish game must not open as reels. The player tries again.
      request.log.warn({ err: error }, 'catalogue look-up failed');
      return reply.code(503).send(messagePage(language, text('ERROR', language)));
    }
    // A game the list does not show (a free-play link to any id) plays as a slot.
    const kind = kindOf.get(info?.gameType ?? 'RNG');
    if (!kind) return reply.send(messagePage(language, text('comingSoon', language), info?.name));
    let player: { token: string; playerId: string; currency: string } | null = null;
    let balance = (FUN_START_CENTS / 100).toFixed(2);
    let currency = FUN_CURRENCY;
    if (token) {
      let answer: Awaited<ReturnType<VendorClient['authenticate']>>;
      try {
        answer = await options.client.authenticate(vendor, token);
      } catch (error) {
        if (!(error instanceof AnswerLost)) throw error;
        return reply.code(502).send(messagePage(language, text('ERROR', language), info?.name));
      }
      const value = answer.envelope.value;
      if (!answer.envelope.success || !value) {
        return reply.code(401).send(messagePage(language, refusal(answer.envelope.code, language), info?.name));
      }
      player = { token, playerId: value.playerId, currency: value.currency };
      balance = value.balance;
      currency = value.currency;
    }
    const sessionId = sessions.create({ vendor, gameId, language, info, player });
    const session = sessions.get(sessionId);
    if (!session) throw new Error('a new studio session vanished');
    return reply.send(kind.page(session, sessionId, balance, currency));
  });

  return app;
}
