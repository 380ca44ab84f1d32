// The seamless-wallet protocol between the portal and a game vendor (docs/seamless-api.md): what both sides must agree
// on byte for byte — operations, bodies, answers, the signature. The portal validates bodies with its own schemas;
// a vendor (the demo studio) builds them from these types. Node only (node:crypto): the web app never signs.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` */
export const SIGNATURE_HEADER = 'x-vendor-signature';
/** A request signed longer ago (or further ahead) than this is refused, so a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Every vendor call is a few hundred bytes; anything near this is not one. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export const OPERATIONS = ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface AuthenticateRequest {
  token: string;
}
export interface BalanceRequest {
  playerId: string;
  currency: string;
}
export interface BetRequest {
  txId: string;
  /** The launch token of the session the bet is placed in: a bet needs a live session. */
  token: string;
  playerId: string;
  roundId: string;
  gameId: string;
  /** A decimal string with at most two places, never a JSON number. */
  amount: string;
  currency: string;
}
export interface WinRequest {
  txId: string;
  /** Accepted and ignored: wins are paid whether or not the session is still live. */
  token?: string;
  playerId: string;
  roundId: string;
  /** The bet this win pays; without it, the round must hold a bet that was not rolled back. */
  betTxId?: string;
  amount: string;
  currency: string;
  /** The round ends with this win; later bets in it are refused. */
  roundClosed?: boolean;
}
export interface RollbackRequest {
  txId: string;
  token?: string;
  playerId: string;
  roundId: string;
  betTxId: string;
  currency: string;
}

export interface PlayerBalance {
  playerId: string;
  balance: string;
  currency: string;
}
export interface TransactionResult {
  txId: string;
  balance: string;
  currency: string;
}

export interface RequestOf {
  authenticate: AuthenticateRequest;
  balance: BalanceRequest;
  bet: BetRequest;
  win: WinRequest;
  rollback: RollbackRequest;
}
export interface AnswerOf {
  authenticate: PlayerBalance;
  balance: PlayerBalance;
  bet: TransactionResult;
  win: TransactionResult;
  rollback: TransactionResult;
}

/** The envelope of every answer; `value` is the operation's answer on success, and some refusals carry one too. */
export interface VendorEnvelope<T = unknown> {
  success: boolean;
  code: string;
  message?: string;
  value?: T & Record<string, unknown>;
}

/** The codes a vendor acts on (the full list is in docs/seamless-api.md, "Errors"). */
export const VENDOR_CODES = {
  ok: 'OK',
  insufficientFunds: 'INSUFFICIENT_FUNDS',
  sessionExpired: 'SESSION_EXPIRED',
  betRolledBack: 'BET_ROLLED_BACK',
  betNotFound: 'BET_NOT_FOUND',
  duplicate: 'DUPLICATE_TRANSACTION',
  vendorDisabled: 'VENDOR_DISABLED',
  accountDisabled: 'ACCOUNT_DISABLED',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;

/** The path of an operation of a vendor: `/vendor/<CODE>/<operation>`. */
export function vendorPath(vendorCode: string, operation: Operation): string {
  return `/vendor/${encodeURIComponent(vendorCode)}/${operation}`;
}

/** Why a signature was refused: no header, not of the form `t=…,v1=…`, wrong MAC, or signed too long ago. */
export type SignatureProblem = 'missing' | 'malformed' | 'forged' | 'stale';

const HEADER_PATTERN = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/** The signature header for a raw body: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signBody(secret: string, rawBody: string | Buffer, now = Date.now()): string {
  return signAt(secret, rawBody, Math.floor(now / 1000));
}

/** The signature header with a given timestamp (unix seconds): a retry may keep the first one while it is fresh. */
export function signAt(secret: string, rawBody: string | Buffer, timestamp: number): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, rawBody).toString('hex')}`;
}

/**
 * Null when `header` signs exactly these bytes with the secret within the tolerance. The MAC is compared in constant
 * time, and before the time, so a forged request learns nothing from which check failed.
 */
export function verifySignature(
  secret: string,
  rawBody: string | Buffer,
  header: string | string[] | undefined,
  now = Date.now(),
): SignatureProblem | null {
  if (header === undefined || header === '') return 'missing';
  const match = typeof header === 'string' ? HEADER_PATTERN.exec(header) : null;
  if (!match) return 'malformed';
  const timestamp = Number(match[1]);
  const expected = mac(secret, timestamp, rawBody);
  if (!timingSafeEqual(expected, Buffer.from(match[2] as string, 'hex'))) return 'forged';
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return 'stale';
  return null;
}

function mac(secret: string, timestamp: number, rawBody: string | Buffer): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/**
 * The transfer API a vendor in transfer mode serves to the portal (docs/transfer-api.md): `POST <transferUrl>/<op>`,
 * signed by the portal as the vendor signs its seamless calls, answered with the same envelope.
 */
export const TRANSFER_OPERATIONS = ['deposit', 'withdraw', 'balance'] as const;
export type TransferOperation = (typeof TRANSFER_OPERATIONS)[number];

/** `deposit` and `withdraw`: the vendor applies a `txId` once and answers a repeat as the first time. */
export interface TransferRequest {
  txId: string;
  playerId: string;
  amount: string;
  currency: string;
}
export interface TransferBalanceRequest {
  playerId: string;
  currency: string;
}
/** What `deposit` and `withdraw` answer (`balance`: the player's balance at the vendor after the move). */
export interface TransferResult {
  txId: string;
  balance: string;
}
