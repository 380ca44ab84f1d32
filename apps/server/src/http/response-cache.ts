import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ok } from './envelope.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

interface CachedBody {
  /** UTF-8 bytes: a string answer would be measured and encoded again on every send. */
  json: Buffer;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

function preferredEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = request.headers['accept-encoding'];
  if (typeof accepted !== 'string') return null;
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * Keeps the serialised envelope of hot public answers, and its compressed forms once asked for, for a short
 * time: a busy node serialises and compresses each answer once per period instead of once per request.
 * Keys must include everything the answer depends on.
 */
export class ResponseCache {
  private readonly bodies: LRUCache<string, CachedBody>;

  constructor(ttlMs: number) {
    this.bodies = new LRUCache({ max: 256, ttl: Math.max(ttlMs, 1) });
  }

  async send(request: FastifyRequest, reply: FastifyReply, key: string, produce: () => Promise<unknown>) {
    let cached = this.bodies.get(key);
    if (cached === undefined) {
      cached = { json: Buffer.from(JSON.stringify(ok(await produce()))) };
      this.bodies.set(key, cached);
    }
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request);
    if (encoding === null || cached.json.length < 1024) return reply.send(cached.json);
    if (encoding === 'br') cached.br ??= brotli(cached.json);
    else cached.gzip ??= gzip(cached.json);
    // With Content-Encoding already set, @fastify/compress leaves the body alone.
    return reply.header('content-encoding', encoding).send(await (encoding === 'br' ? cached.br : cached.gzip));
  }
}
