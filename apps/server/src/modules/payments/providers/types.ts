/** What a payment gateway tells us about one payment. */
export interface ProviderCallback {
  /** Unique per notification; a notification seen before is a replay. */
  eventId: string;
  providerRef: string;
  status: 'paid' | 'failed';
  amountMinor: bigint;
  currency: string;
}

export class CallbackRefused extends Error {
  constructor(readonly reason: 'forged' | 'stale') {
    super(reason);
  }
}

/**
 * A payment gateway adapter. A deposit on a provider channel asks it for a payment page; the gateway later calls
 * our webhook, and the adapter proves the call is genuine before anything is credited.
 */
export interface PaymentProvider {
  readonly name: string;
  createPayment(order: { orderNo: string; amountMinor: bigint; currency: string }): Promise<{
    providerRef: string;
    payUrl: string;
  }>;
  /** Checks the signature over the raw body and its age; throws CallbackRefused, else returns the payment. */
  verifyCallback(rawBody: string, headers: Record<string, string | string[] | undefined>, now: Date): ProviderCallback;
}
