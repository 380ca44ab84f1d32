import { signBody } from '@portal/shared/vendor-protocol';
import type { FastifyInstance } from 'fastify';
import type { AnswerOf, Operation } from './protocol.ts';
import { SIGNATURE_HEADER } from './protocol.ts';

/** Moves a signed body to the portal: in process (`app.inject`) or over HTTP. */
export interface SeamlessTransport {
  post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: unknown }>;
}

/** What a call answered: the HTTP status and the envelope. */
export interface SeamlessAnswer<T = unknown> {
  status: number;
  body: { success: boolean; code: string; message?: string; value?: T & Record<string, unknown> };
}

/**
 * How a call is signed, for tests of the refusals: `missing` sends no signature, `forged` signs with another secret,
 * `stale` signs with a time `staleSeconds` ago (default 301 s), `future` as far ahead; `afterSigning` changes the
 * body once it is signed (a tampered body).
 */
export interface CallOptions {
  signature?: 'valid' | 'missing' | 'forged' | 'stale' | 'future';
  staleSeconds?: number;
  afterSigning?: (rawBody: string) => string;
}

/** A caller of the seamless API as the conformance suite drives it; a vendor adapter may bring its own. */
export interface SeamlessCaller {
  call<K extends Operation>(
    operation: K,
    body: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<SeamlessAnswer<AnswerOf[K]>>;
  /** Sends a body exactly as given (not JSON, oversized), signed unless the options say otherwise. */
  callRaw(operation: Operation, rawBody: string, options?: CallOptions): Promise<SeamlessAnswer>;
}

export function injectTransport(app: FastifyInstance): SeamlessTransport {
  return {
    async post(path, body, headers) {
      const response = await app.inject({ method: 'POST', url: path, headers, payload: body });
      return { status: response.statusCode, body: parseJson(response.body) };
    },
  };
}

/** Over HTTP to `baseUrl` (e.g. http://127.0.0.1:3000); a vendor times out after a few seconds, and so does this. */
export function httpTransport(baseUrl: string, timeoutMs = 5_000): SeamlessTransport {
  return {
    async post(path, body, headers) {
      const response = await fetch(new URL(path, baseUrl), {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      return { status: response.status, body: parseJson(await response.text()) };
    },
  };
}

/** Signs and sends calls of one vendor: for tests, and for the portal's own games calling its wallet. */
export class SeamlessClient implements SeamlessCaller {
  constructor(
    private readonly options: {
      vendorCode: string;
      secret: string;
      transport: SeamlessTransport;
      now?: () => number;
    },
  ) {}

  call<K extends Operation>(
    operation: K,
    body: Record<string, unknown>,
    options: CallOptions = {},
  ): Promise<SeamlessAnswer<AnswerOf[K]>> {
    return this.callRaw(operation, JSON.stringify(body), options) as Promise<SeamlessAnswer<AnswerOf[K]>>;
  }

  async callRaw(operation: Operation, rawBody: string, options: CallOptions = {}): Promise<SeamlessAnswer> {
    const now = this.options.now?.() ?? Date.now();
    const skew = (options.staleSeconds ?? 301) * 1000;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    switch (options.signature ?? 'valid') {
      case 'valid':
        headers[SIGNATURE_HEADER] = signBody(this.options.secret, rawBody, now);
        break;
      case 'forged':
        headers[SIGNATURE_HEADER] = signBody(`${this.options.secret}-not-it`, rawBody, now);
        break;
      case 'stale':
        headers[SIGNATURE_HEADER] = signBody(this.options.secret, rawBody, now - skew);
        break;
      case 'future':
        headers[SIGNATURE_HEADER] = signBody(this.options.secret, rawBody, now + skew);
        break;
      case 'missing':
        break;
    }
    const sent = options.afterSigning ? options.afterSigning(rawBody) : rawBody;
    const path = `/vendor/${encodeURIComponent(this.options.vendorCode)}/${operation}`;
    const response = await this.options.transport.post(path, sent, headers);
    return { status: response.status, body: response.body as SeamlessAnswer['body'] };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { success: false, code: 'NOT_JSON', message: text.slice(0, 200) };
  }
}
