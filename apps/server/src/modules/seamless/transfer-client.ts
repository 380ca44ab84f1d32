import { fromMinor, isDecimalAmount, toMinor } from '@portal/shared/money';
import {
  SIGNATURE_HEADER,
  signBody,
  type TransferBalanceRequest,
  type TransferOperation,
  type TransferRequest,
} from '@portal/shared/vendor-protocol';
import type { SeamlessService } from './service.ts';

/** What a vendor's transfer call came to: final (done or refused), or unknown (no answer that settles it). */
export type TransferOutcome =
  | { kind: 'done'; balanceMinor: bigint | null }
  | { kind: 'refused'; code: string }
  | { kind: 'unknown' };

export interface TransferCall {
  txId: string;
  playerId: string;
  amountMinor: bigint;
  currency: string;
}

/** A vendor answers within this, or the move is left pending and sent again later under the same id. */
const TIMEOUT_MS = 5_000;
/** A balance shown in a wallet list is not worth a longer wait. */
const BALANCE_TIMEOUT_MS = 2_000;

/**
 * The portal's side of the transfer API of vendors in transfer mode (docs/transfer-api.md): deposit, withdraw and
 * balance calls to the address the operator connected, each body signed with the vendor's secret as the vendor
 * signs its seamless calls. A 2xx success is done; a 4xx with a code (but 408 and 429) is a final refusal; anything
 * else (no answer, a timeout, a 5xx) is unknown, and the same call is sent again later: the vendor applies a
 * transaction id once.
 */
export class VendorTransferClient {
  constructor(
    private readonly seamless: SeamlessService,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  /** Whether the vendor is connected, switched on and has a transfer API. */
  async connected(vendorCode: string): Promise<boolean> {
    return (await this.endpoint(vendorCode)) !== null;
  }

  async move(vendorCode: string, direction: 'in' | 'out', call: TransferCall): Promise<TransferOutcome> {
    const endpoint = await this.endpoint(vendorCode);
    if (!endpoint) return { kind: 'unknown' };
    const body: TransferRequest = {
      txId: call.txId,
      playerId: call.playerId,
      amount: fromMinor(call.amountMinor),
      currency: call.currency,
    };
    const answer = await this.send(endpoint, direction === 'in' ? 'deposit' : 'withdraw', body, TIMEOUT_MS);
    if (!answer) return { kind: 'unknown' };
    if (answer.status >= 200 && answer.status < 300 && answer.body.success === true) {
      return { kind: 'done', balanceMinor: balanceOf(answer.body.value) };
    }
    const final = answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429;
    if (final && typeof answer.body.code === 'string' && answer.body.success === false) {
      return { kind: 'refused', code: answer.body.code };
    }
    return { kind: 'unknown' };
  }

  /** The player's balance at the vendor, or null when the vendor did not answer it. */
  async balance(vendorCode: string, playerId: string, currency: string): Promise<bigint | null> {
    const endpoint = await this.endpoint(vendorCode);
    if (!endpoint) return null;
    const request: TransferBalanceRequest = { playerId, currency };
    const answer = await this.send(endpoint, 'balance', request, BALANCE_TIMEOUT_MS);
    if (answer?.status !== 200 || answer.body.success !== true) return null;
    return balanceOf(answer.body.value);
  }

  private async endpoint(vendorCode: string): Promise<{ url: string; secret: string } | null> {
    const vendor = await this.seamless.vendor(vendorCode).catch(() => null);
    if (!vendor?.enabled || !vendor.transferUrl) return null;
    return { url: vendor.transferUrl.replace(/\/+$/, ''), secret: vendor.secret };
  }

  private async send(
    endpoint: { url: string; secret: string },
    operation: TransferOperation,
    body: TransferRequest | TransferBalanceRequest,
    timeoutMs: number,
  ): Promise<{ status: number; body: { success?: unknown; code?: unknown; value?: unknown } } | null> {
    const raw = JSON.stringify(body);
    try {
      const response = await this.fetcher(`${endpoint.url}/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(endpoint.secret, raw, Date.now()) },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      return { status: response.status, body: parsed && typeof parsed === 'object' ? parsed : {} };
    } catch {
      return null;
    }
  }
}

function balanceOf(value: unknown): bigint | null {
  const balance = (value as { balance?: unknown } | undefined)?.balance;
  return typeof balance === 'string' && isDecimalAmount(balance) ? toMinor(balance) : null;
}
