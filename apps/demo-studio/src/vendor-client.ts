// The studio's side of the seamless protocol: signed calls to the portal over HTTP, as any outside vendor makes them.
import {
  type AnswerOf,
  type BetRequest,
  type Operation,
  type RollbackRequest,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  signAt,
  type VendorEnvelope,
  vendorPath,
  type WinRequest,
} from '@portal/shared/vendor-protocol';
import { Pool } from 'undici';

/** Moves a signed body to the portal; throws when no answer came (refused connection, timeout). */
export interface PortalTransport {
  post(path: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }>;
}

/**
 * Calls to the portal over kept-alive connections (undici's pool: a spin makes two calls, and fetch's streams and
 * abort signals cost more CPU than the rest of the studio's round). No answer within `timeoutMs` throws.
 */
export function httpTransport(portalUrl: string, timeoutMs: number): PortalTransport {
  const pool = new Pool(new URL(portalUrl).origin, { headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const prefix = new URL(portalUrl).pathname.replace(/\/$/, '');
  return {
    async post(path, body, headers) {
      const response = await pool.request({ method: 'POST', path: `${prefix}${path}`, headers, body });
      return { status: response.statusCode, text: await response.body.text() };
    },
  };
}

/** An answer the portal gave: its status and envelope. */
export interface Answered<T> {
  status: number;
  envelope: VendorEnvelope<T>;
}

/** No answer: the call may or may not have arrived. */
export class AnswerLost extends Error {
  constructor(
    readonly operation: Operation,
    cause: unknown,
  ) {
    super(`no answer to ${operation}`, { cause });
  }
}

/** A win or rollback still unanswered after the inline attempts; the journal keeps it and sends it again later. */
export class StillUnanswered extends Error {}

export interface VendorClientOptions {
  transport: PortalTransport;
  /** The secret the studio shares with the portal for a vendor code. */
  secretOf: (vendorCode: string) => string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Waits between attempts of a win or rollback; its length is how many attempts are made inline. */
  retryDelaysMs?: number[];
}

/** A signature kept within this margin of the tolerance is reused on a retry; older, the same bytes are signed anew. */
const RESIGN_MARGIN_SECONDS = 60;

/**
 * Calls of the studio's vendors. A signed call is sent as one string of bytes; a retry sends the very same bytes
 * (same txId, same content) with the first signature while it is fresh, or a new signature of the same bytes.
 */
export class VendorClient {
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly retryDelaysMs: number[];

  constructor(private readonly options: VendorClientOptions) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.retryDelaysMs = options.retryDelaysMs ?? [200, 500, 1_000, 2_000, 4_000];
  }

  authenticate(vendorCode: string, token: string): Promise<Answered<AnswerOf['authenticate']>> {
    return this.once(vendorCode, 'authenticate', JSON.stringify({ token }));
  }

  balance(vendorCode: string, playerId: string, currency: string): Promise<Answered<AnswerOf['balance']>> {
    return this.once(vendorCode, 'balance', JSON.stringify({ playerId, currency }));
  }

  /** A bet is sent once: an unanswered bet is not sent again but rolled back (`AnswerLost` tells the caller). */
  bet(vendorCode: string, body: BetRequest): Promise<Answered<AnswerOf['bet']>> {
    return this.once(vendorCode, 'bet', JSON.stringify(body));
  }

  /** Sends a win or rollback until the portal answers; `StillUnanswered` after the inline attempts. */
  async settle(
    vendorCode: string,
    operation: 'win' | 'rollback',
    body: WinRequest | RollbackRequest,
  ): Promise<Answered<AnswerOf['win']>> {
    const raw = JSON.stringify(body);
    let signedAt = Math.floor(this.now() / 1000);
    let lastProblem: unknown;
    for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt++) {
      if (attempt > 0) await this.sleep(this.retryDelaysMs[attempt - 1] as number);
      const nowSeconds = Math.floor(this.now() / 1000);
      if (nowSeconds - signedAt > SIGNATURE_TOLERANCE_SECONDS - RESIGN_MARGIN_SECONDS) signedAt = nowSeconds;
      try {
        const answer = await this.send<AnswerOf['win']>(vendorCode, operation, raw, signedAt);
        // Overloaded: the portal asks for the same body again.
        if (answer.status < 500) return answer;
        lastProblem = new Error(`HTTP ${answer.status}`);
      } catch (error) {
        lastProblem = error;
      }
    }
    throw new StillUnanswered(`${operation} ${body.txId} unanswered`, { cause: lastProblem });
  }

  private async once<T>(vendorCode: string, operation: Operation, raw: string): Promise<Answered<T>> {
    let answer: Answered<T>;
    try {
      answer = await this.send<T>(vendorCode, operation, raw, Math.floor(this.now() / 1000));
    } catch (error) {
      throw new AnswerLost(operation, error);
    }
    if (answer.status >= 500) throw new AnswerLost(operation, new Error(`HTTP ${answer.status}`));
    return answer;
  }

  private async send<T>(vendorCode: string, operation: Operation, raw: string, signedAt: number): Promise<Answered<T>> {
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signAt(this.options.secretOf(vendorCode), raw, signedAt),
    };
    const response = await this.options.transport.post(vendorPath(vendorCode, operation), raw, headers);
    let envelope: VendorEnvelope<T>;
    try {
      envelope = JSON.parse(response.text) as VendorEnvelope<T>;
    } catch {
      // A proxy's error page is no answer of the portal's.
      throw new Error(`HTTP ${response.status}: not JSON`);
    }
    return { status: response.status, envelope };
  }
}
