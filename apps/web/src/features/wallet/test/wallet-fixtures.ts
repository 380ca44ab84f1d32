import type {
  DepositOrder,
  Page,
  PaymentChannel,
  PayoutAccount,
  Withdrawal,
  WithdrawalEligibility,
} from '@portal/shared/wallet';
import { vi } from 'vitest';
import { stubFetch } from '@/test/render';

export function channel(overrides: Partial<PaymentChannel> = {}): PaymentChannel {
  return {
    code: 'BKASH_MANUAL',
    kind: 'ewallet',
    mode: 'manual',
    displayName: 'bKash',
    currency: 'BDT',
    minAmount: '100.00',
    maxAmount: '25000.00',
    quickAmounts: ['500.00', '1000.00', '5000.00'],
    orderMinutes: 30,
    ...overrides,
  };
}

export function depositOrder(overrides: Partial<DepositOrder> = {}): DepositOrder {
  return {
    orderNo: 'D20240501001',
    channelCode: 'BKASH_MANUAL',
    channelName: 'bKash',
    mode: 'manual',
    amount: '1500.00',
    currency: 'BDT',
    status: 'created',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    receivingAccount: { provider: 'bKash', accountName: 'Portal Ops', accountNumber: '01712345678' },
    payUrl: null,
    transactionRef: null,
    hasReceipt: false,
    rejectReason: null,
    ...overrides,
  };
}

export function payoutAccount(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return {
    id: 'acc-1',
    kind: 'ewallet',
    provider: 'Nagad',
    accountName: 'Rahim Uddin',
    accountNumberMasked: '*******5678',
    createdAt: '2024-05-01T00:00:00.000Z',
    ...overrides,
  };
}

export function eligibility(overrides: Partial<WithdrawalEligibility> = {}): WithdrawalEligibility {
  return {
    balance: '5000.00',
    minAmount: '500.00',
    maxAmount: '20000.00',
    turnoverRequired: '2000.00',
    turnoverDone: '500.00',
    turnoverRemaining: '1500.00',
    hasPaymentPassword: true,
    payoutAccountLimit: 3,
    ...overrides,
  };
}

export function withdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    orderNo: 'W20240501001',
    amount: '1000.00',
    currency: 'BDT',
    status: 'pending',
    payoutAccount: payoutAccount(),
    createdAt: '2024-05-01T10:00:00.000Z',
    confirmBy: null,
    forcedReceipt: false,
    receivedAmount: null,
    remainingAmount: null,
    proofCount: 0,
    rejectReason: null,
    history: [{ status: 'pending', at: '2024-05-01T10:00:00.000Z', note: null }],
    ...overrides,
  };
}

export function page<T>(list: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { list, pageNo: 1, pageSize: 10, total: list.length, totalPages: 1, ...overrides };
}

/** One request the stub saw: what a test checks about headers, JSON bodies and multipart fields. */
export interface RecordedCall {
  method: string;
  url: URL;
  headers: Record<string, string>;
  json: unknown;
  form: FormData | null;
}

/**
 * Stubs fetch like stubFetch (answers by path) and records every request. An answer function that throws makes
 * the request fail without an answer, as when the connection drops.
 */
export function recordFetch(routes: Record<string, unknown>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const answer = stubFetch(routes);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body;
      calls.push({
        method: (init?.method ?? 'GET').toUpperCase(),
        url,
        headers: { ...(init?.headers as Record<string, string> | undefined) },
        json: typeof body === 'string' ? JSON.parse(body) : undefined,
        form: body instanceof FormData ? body : null,
      });
      return answer(input, init);
    }),
  );
  return calls;
}

export function callsTo(calls: RecordedCall[], method: string, path: string): RecordedCall[] {
  return calls.filter((call) => call.method === method && call.url.pathname === path);
}

/** A png or jpg (or anything else) of a given size, for the upload checks. */
export function imageFile(name: string, type: string, bytes = 1024): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}
