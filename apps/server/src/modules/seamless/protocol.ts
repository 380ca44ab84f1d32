// The seamless-wallet protocol that game vendors speak (docs/seamless-api.md): paths, bodies, answers, limits.

import {
  OPERATIONS,
  type Operation,
  type AnswerOf as SharedAnswerOf,
  type RequestOf as SharedRequestOf,
} from '@portal/shared/vendor-protocol';
import { Ajv } from 'ajv';
import Type, { type Static, type TSchema } from 'typebox';
import { InvalidInput } from '../../http/errors.ts';
import { refuseUnstorableText } from '../../http/storable-text.ts';

// The constants, types and signature both sides need live in the shared package; this file adds the portal's checks.
export {
  BODY_LIMIT_BYTES,
  OPERATIONS,
  type Operation,
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
} from '@portal/shared/vendor-protocol';

/** Ids the vendor chooses: transaction, round, game. */
const VendorId = Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' });
/** The member's account name, as authenticate answered it. */
const PlayerId = Type.String({ minLength: 1, maxLength: 64 });
const Currency = Type.String({ pattern: '^[A-Z]{3,5}$' });
/** A decimal string with at most two places; its value is checked by the service (never a JSON number). */
const AmountText = Type.String({ minLength: 1, maxLength: 32 });
const LaunchToken = Type.String({ pattern: '^[A-Za-z0-9_-]{20,128}$' });
const Balance = Type.String({ pattern: '^\\d+\\.\\d{2}$' });

export const AuthenticateRequest = Type.Object({ token: LaunchToken }, { additionalProperties: false });
export const BalanceRequest = Type.Object({ playerId: PlayerId, currency: Currency }, { additionalProperties: false });
export const BetRequest = Type.Object(
  {
    txId: VendorId,
    /** The launch token of the session the bet is placed in: a bet needs a live session. */
    token: LaunchToken,
    playerId: PlayerId,
    roundId: VendorId,
    gameId: VendorId,
    amount: AmountText,
    currency: Currency,
  },
  { additionalProperties: false },
);
export const WinRequest = Type.Object(
  {
    txId: VendorId,
    /** Accepted and ignored: wins are paid whether or not the session is still live. */
    token: Type.Optional(LaunchToken),
    playerId: PlayerId,
    roundId: VendorId,
    /** The bet this win pays; without it, the round must hold a bet that was not rolled back. */
    betTxId: Type.Optional(VendorId),
    amount: AmountText,
    currency: Currency,
    /** The round ends with this win; later bets in it are refused. */
    roundClosed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const RollbackRequest = Type.Object(
  {
    txId: VendorId,
    token: Type.Optional(LaunchToken),
    playerId: PlayerId,
    roundId: VendorId,
    betTxId: VendorId,
    currency: Currency,
  },
  { additionalProperties: false },
);

export type AuthenticateRequest = Static<typeof AuthenticateRequest>;
export type BalanceRequest = Static<typeof BalanceRequest>;
export type BetRequest = Static<typeof BetRequest>;
export type WinRequest = Static<typeof WinRequest>;
export type RollbackRequest = Static<typeof RollbackRequest>;

export const PlayerBalance = Type.Object({ playerId: Type.String(), balance: Balance, currency: Currency });
export const TransactionResult = Type.Object({ txId: Type.String(), balance: Balance, currency: Currency });
export type PlayerBalance = Static<typeof PlayerBalance>;
export type TransactionResult = Static<typeof TransactionResult>;

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

// The schemas below and the shared types must describe the same bodies: this fails to compile when they part.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchSharedTypes: { [K in Operation]: Same<RequestOf[K], SharedRequestOf[K]> } & {
  [K in keyof AnswerOf]: Same<AnswerOf[K], SharedAnswerOf[K]>;
} = { authenticate: true, balance: true, bet: true, win: true, rollback: true };
void schemasMatchSharedTypes;

export const REQUEST_SCHEMAS: { [K in Operation]: TSchema } = {
  authenticate: AuthenticateRequest,
  balance: BalanceRequest,
  bet: BetRequest,
  win: WinRequest,
  rollback: RollbackRequest,
};
export const ANSWER_SCHEMAS: { [K in Operation]: TSchema } = {
  authenticate: PlayerBalance,
  balance: PlayerBalance,
  bet: TransactionResult,
  win: TransactionResult,
  rollback: TransactionResult,
};

// Bodies are checked as sent: no coercion (a JSON number is not an amount), no unknown fields, no defaults.
const ajv = new Ajv({ coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false });
const validators = Object.fromEntries(OPERATIONS.map((op) => [op, ajv.compile(REQUEST_SCHEMAS[op])])) as {
  [K in Operation]: ReturnType<typeof ajv.compile>;
};

/** The request of an operation from the raw body the signature was checked on; 400 for anything else. */
export function parseRequest<K extends Operation>(operation: K, rawBody: Buffer): RequestOf[K] {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new InvalidInput('the body is not JSON');
  }
  const validate = validators[operation];
  if (!validate(body)) {
    const detail = (validate.errors ?? [])
      .slice(0, 3)
      .map((e) => `${e.instancePath || 'body'} ${e.message ?? ''}`.trim())
      .join('; ');
    throw new InvalidInput(detail || 'invalid body');
  }
  // The route sees raw bytes, so the app-wide check of parsed bodies does not reach this one.
  refuseUnstorableText(body, 'body');
  return body as RequestOf[K];
}
