import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { fromMinor, toMinor } from '@portal/shared/money';
import { CallbackRefused, type PaymentProvider, type ProviderCallback } from './types.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A callback signed longer ago than this is refused, so a captured one cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

interface SandboxBody {
  eventId: string;
  providerRef: string;
  status: 'paid' | 'failed';
  amount: string;
  currency: string;
}

/**
 * The sandbox gateway: it behaves as a real one does (payment page, HMAC-SHA256 signed callbacks with a timestamp,
 * unique event ids) so the whole flow can be exercised without real money. Its payment page is the app's
 * /sandbox-pay route, whose buttons make the gateway call back.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly secret: string) {}

  async createPayment(order: { orderNo: string; amountMinor: bigint; currency: string }) {
    const providerRef = `SBX${randomBytes(9).toString('hex').toUpperCase()}`;
    const query = new URLSearchParams({ amount: fromMinor(order.amountMinor), currency: order.currency });
    // The sandbox's page is a route of this very app, so its address is relative (whatever host the player uses).
    return { providerRef, payUrl: `/sandbox-pay/${providerRef}?${query}` };
  }

  /** The callback the gateway sends for a payment: the raw body and its signature header. */
  callback(
    payment: Omit<SandboxBody, 'eventId' | 'amount'> & { amountMinor: bigint; eventId?: string },
    now = new Date(),
  ): { body: string; signature: string } {
    const body = JSON.stringify({
      eventId: payment.eventId ?? randomUUID(),
      providerRef: payment.providerRef,
      status: payment.status,
      amount: fromMinor(payment.amountMinor),
      currency: payment.currency,
    } satisfies SandboxBody);
    return { body, signature: this.sign(body, now) };
  }

  sign(rawBody: string, now = new Date()): string {
    const timestamp = Math.floor(now.getTime() / 1000);
    return `t=${timestamp},v1=${this.mac(timestamp, rawBody)}`;
  }

  verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): ProviderCallback {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    const match = typeof header === 'string' ? /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header) : null;
    if (!match) throw new CallbackRefused('forged');
    const timestamp = Number(match[1]);
    const expected = Buffer.from(this.mac(timestamp, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(match[2] as string, 'hex'))) throw new CallbackRefused('forged');
    if (Math.abs(now.getTime() / 1000 - timestamp) > TOLERANCE_SECONDS) throw new CallbackRefused('stale');
    const body = parseBody(rawBody);
    if (!body) throw new CallbackRefused('forged');
    return {
      eventId: body.eventId,
      providerRef: body.providerRef,
      status: body.status,
      amountMinor: toMinor(body.amount),
      currency: body.currency,
    };
  }

  private mac(timestamp: number, rawBody: string): string {
    return createHmac('sha256', this.secret).update(`${timestamp}.${rawBody}`).digest('hex');
  }
}

function parseBody(rawBody: string): SandboxBody | null {
  try {
    const body = JSON.parse(rawBody) as Partial<SandboxBody>;
    const valid =
      typeof body.eventId === 'string' &&
      /^[A-Za-z0-9-]{8,64}$/.test(body.eventId) &&
      typeof body.providerRef === 'string' &&
      /^[A-Z0-9]{6,40}$/.test(body.providerRef) &&
      (body.status === 'paid' || body.status === 'failed') &&
      typeof body.amount === 'string' &&
      /^\d{1,13}\.\d{2}$/.test(body.amount) &&
      typeof body.currency === 'string' &&
      /^[A-Z]{3,5}$/.test(body.currency);
    return valid ? (body as SandboxBody) : null;
  } catch {
    return null;
  }
}
