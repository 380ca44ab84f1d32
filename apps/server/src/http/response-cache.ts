import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ok } from './envelope.ts';
import { compressOnce, type Encoding, MIN_COMPRESSED_BYTES, preferredEncoding } from './json-compression.ts';

interface CachedBody {
  /** UTF-8 bytes: a string answer would be measured and encoded again on every send. */
  json: Buffer;
  /** Compressed forms, each kept once made. */
  compressed: Partial<Record<Encoding, Buffer>>;
  compressing: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * Keeps the serialised envelope of hot public answers, and its compressed forms once asked for, for a short
 * time: a busy node serialises and compresses each answer once per period instead of once per request.
 * Keys must include everything the answer depends on.
 */
export class ResponseCache {
  private readonly bodies: LRUCache<string, CachedBody, () => Promise<unknown>>;

  constructor(ttlMs: number) {
    this.bodies = new LRUCache({
      max: 256,
      ttl: Math.max(ttlMs, 1),
      // Through fetch, requests that miss together share one production (and so one compression per encoding)
      // instead of each making its own when the entry expires under load.
      fetchMethod: async (_key, _stale, { context: produce }) => ({
        json: Buffer.from(JSON.stringify(ok(await produce()))),
        compressed: {},
        compressing: {},
      }),
    });
  }

  /**
   * Sends the answer kept under `key`, producing it first when there is none. A hit whose form is at hand is sent
   * before this returns, and nothing is returned: from a route handler that is not async, Fastify then needs no
   * promise for the request. Otherwise the returned promise settles once the answer has been sent.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<unknown>,
  ): undefined | Promise<void> {
    const cached = this.bodies.get(key);
    return cached === undefined ? this.fetchAndSend(request, reply, key, produce) : sendBody(request, reply, cached);
  }

  private async fetchAndSend(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<unknown>,
  ): Promise<void> {
    const body = await this.bodies.fetch(key, { context: produce });
    if (body === undefined) throw new Error(`no answer was produced for ${key}`);
    await sendBody(request, reply, body);
  }
}

function sendBody(request: FastifyRequest, reply: FastifyReply, body: CachedBody): undefined | Promise<void> {
  const encoding = preferredEncoding(request);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (encoding === null || body.json.length < MIN_COMPRESSED_BYTES) {
    reply.send(body.json);
    return undefined;
  }
  const compressed = body.compressed[encoding];
  if (compressed === undefined) return compressAndSend(reply, body, encoding);
  // With Content-Encoding already set, @fastify/compress leaves the body alone.
  reply.header('content-encoding', encoding).send(compressed);
  return undefined;
}

async function compressAndSend(reply: FastifyReply, body: CachedBody, encoding: Encoding): Promise<void> {
  body.compressing[encoding] ??= compressOnce[encoding](body.json);
  const compressed = await body.compressing[encoding];
  body.compressed[encoding] = compressed;
  reply.header('content-encoding', encoding).send(compressed);
}
