import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PROOF_MAX_FILES, UPLOAD_MAX_BYTES } from '@portal/shared/wallet';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import { TRIAL_TYPE } from '../../common/member-types.ts';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { bearerOrCookie, memberOf, requireMember, SESSION_COOKIE } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { refuseUnstorableText } from '../../http/storable-text.ts';
import type { PaymentChannels } from './channels.ts';
import type { DepositService } from './deposits.ts';
import type { PaymentPasswords } from './payment-password.ts';
import type { PayoutAccounts } from './payout-accounts.ts';
import {
  Amount,
  AmountInput,
  ChannelSchema,
  ConsolidatedSchema,
  DepositOrderSchema,
  DepositStatusQuery,
  EligibilitySchema,
  OrderNoParams,
  Paging,
  PartySchema,
  PaymentPassword,
  PayoutAccountSchema,
  pageOf,
  WithdrawalSchema,
  WithdrawalStatusQuery,
} from './schemas.ts';
import type { WalletService } from './service.ts';
import type { TransferService } from './transfers.ts';
import { checkImage, type UploadedImage } from './uploads.ts';
import type { VendorWallets } from './vendor-wallets.ts';
import type { WithdrawalService } from './withdrawals.ts';

const BalanceSchema = Type.Object({
  sumBalance: Type.String({ pattern: '^-?\\d+\\.\\d{2}$' }),
  currency: Type.String(),
  demo: Type.Boolean(),
});

export interface WalletRouteOptions {
  wallet: WalletService;
  auth: MemberAuthenticator;
  channels: PaymentChannels;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  payoutAccounts: PayoutAccounts;
  transfers: TransferService;
  passwords: PaymentPasswords;
  vendorWallets: VendorWallets;
}

/** Money-moving calls are limited per member; a runaway client cannot flood the ledger. */
const moneyRateLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

const WalletCode = Type.String({ pattern: '^[A-Z0-9_]{2,32}$' });

/** Wallet calls of a signed-in member (spec section 7, wallet; docs/wallet-api.md). */
export const walletRoutes: FastifyPluginAsyncTypebox<WalletRouteOptions> = async (app, options) => {
  const { wallet, auth, channels, deposits, withdrawals, payoutAccounts, transfers, passwords, vendorWallets } =
    options;
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: PROOF_MAX_FILES, fields: 4, fieldSize: 200, parts: 8 },
  });
  const member = requireMember(auth);

  app.get(
    '/wps/v2/wallets/balance',
    {
      onRequest: requireMember(auth, { allowTrial: true }),
      schema: {
        tags: ['wallet'],
        summary: 'The header balance (a trial account sees its demo money)',
        response: { 200: okSchema(BalanceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const identity = memberOf(request);
      return ok(await wallet.balance(identity.id, identity.type === TRIAL_TYPE, REAL_CURRENCY));
    },
  );

  app.get(
    '/wps/member/info/funds/consolidated',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'Cash, bonus money and funds held for withdrawals',
        response: { 200: okSchema(ConsolidatedSchema), ...errorResponses },
      },
    },
    async (request) => ok(await wallet.consolidated(memberOf(request).id, REAL_CURRENCY)),
  );

  app.get(
    '/wps/wallet/channels',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'Enabled deposit channels',
        response: { 200: okSchema(Type.Array(ChannelSchema)), ...errorResponses },
      },
    },
    async () => ok(await channels.listEnabled()),
  );

  app.post(
    '/wps/wallet/deposits',
    {
      onRequest: member,
      config: moneyRateLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Creates a deposit order (Idempotency-Key header)',
        body: Type.Object(
          { channelCode: Type.String({ maxLength: 40 }), amount: AmountInput },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(DepositOrderSchema), ...errorResponses },
      },
    },
    async (request) => ok(await deposits.create(memberOf(request).id, request.body, requestKeyOf(request))),
  );

  app.get(
    '/wps/wallet/deposits',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: "The member's deposit orders, newest first",
        querystring: Type.Object({ ...Paging, status: DepositStatusQuery }, { additionalProperties: false }),
        response: { 200: okSchema(pageOf(DepositOrderSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await deposits.list(memberOf(request).id, request.query)),
  );

  app.get(
    '/wps/wallet/deposits/:orderNo',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'One deposit order',
        params: OrderNoParams,
        response: { 200: okSchema(DepositOrderSchema), ...errorResponses },
      },
    },
    async (request) => ok(await deposits.get(memberOf(request).id, request.params.orderNo)),
  );

  app.post(
    '/wps/wallet/deposits/:orderNo/submit',
    {
      onRequest: member,
      config: moneyRateLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Reports the e-wallet transaction id, with an optional receipt (multipart/form-data)',
        consumes: ['multipart/form-data'],
        params: OrderNoParams,
        response: { 200: okSchema(DepositOrderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const form = await readForm(request, 1);
      const receipt = form.images[0] ?? null;
      return ok(
        await deposits.submit(memberOf(request).id, request.params.orderNo, form.fields.transactionRef ?? '', receipt),
      );
    },
  );

  app.post(
    '/wps/member/password/payment',
    {
      onRequest: member,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['wallet'],
        summary: 'Sets or changes the 6-digit payment password (the login password proves who asks)',
        body: Type.Object(
          {
            loginPassword: Type.String({ minLength: 1, maxLength: 128 }),
            newPaymentPassword: Type.String({ maxLength: 32 }),
            confirmPaymentPassword: Type.String({ maxLength: 32 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(Type.Object({})), ...errorResponses },
      },
    },
    async (request) => {
      await passwords.set(memberOf(request).id, request.body, request.ip);
      return ok({});
    },
  );

  app.get(
    '/wps/wallet/payout-accounts',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'Bound receiving accounts',
        response: { 200: okSchema(Type.Array(PayoutAccountSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await payoutAccounts.list(memberOf(request).id)),
  );

  app.post(
    '/wps/wallet/payout-accounts',
    {
      onRequest: member,
      config: moneyRateLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Binds a receiving account for withdrawals',
        body: Type.Object(
          {
            kind: Type.Union([Type.Literal('bank'), Type.Literal('ewallet'), Type.Literal('usdt')]),
            provider: Type.String({ minLength: 1, maxLength: 60 }),
            accountName: Type.String({ minLength: 1, maxLength: 100 }),
            accountNumber: Type.String({ pattern: '^[A-Za-z0-9-]{4,64}$' }),
            paymentPassword: PaymentPassword,
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(PayoutAccountSchema), ...errorResponses },
      },
    },
    async (request) => ok(await payoutAccounts.add(memberOf(request).id, request.body, memberActor(request))),
  );

  app.post(
    '/wps/wallet/payout-accounts/:id/remove',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'Removes a bound receiving account',
        params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) }, { additionalProperties: false }),
        body: Type.Object({ paymentPassword: PaymentPassword }, { additionalProperties: false }),
        response: { 200: okSchema(Type.Object({})), ...errorResponses },
      },
    },
    async (request) => {
      const memberId = memberOf(request).id;
      await payoutAccounts.remove(memberId, request.params.id, request.body.paymentPassword, memberActor(request));
      return ok({});
    },
  );

  app.get(
    '/wps/wallet/withdrawals/eligibility',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'Balance, limits, turnover and payment-password state for the withdrawal form',
        response: { 200: okSchema(EligibilitySchema), ...errorResponses },
      },
    },
    async (request) => ok(await withdrawals.eligibility(memberOf(request).id)),
  );

  app.post(
    '/wps/wallet/withdrawals',
    {
      onRequest: member,
      config: moneyRateLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Requests a withdrawal; the amount is held at once (Idempotency-Key header)',
        body: Type.Object(
          {
            payoutAccountId: Type.String({ pattern: '^[0-9]{1,18}$' }),
            amount: AmountInput,
            paymentPassword: PaymentPassword,
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(WithdrawalSchema), ...errorResponses },
      },
    },
    async (request) => ok(await withdrawals.request(memberOf(request).id, request.body, requestKeyOf(request))),
  );

  app.get(
    '/wps/wallet/withdrawals',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: "The member's withdrawals, newest first, with their status history",
        querystring: Type.Object({ ...Paging, status: WithdrawalStatusQuery }, { additionalProperties: false }),
        response: { 200: okSchema(pageOf(WithdrawalSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await withdrawals.list(memberOf(request).id, request.query)),
  );

  app.get(
    '/wps/wallet/withdrawals/:orderNo',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'One withdrawal with its status history',
        params: OrderNoParams,
        response: { 200: okSchema(WithdrawalSchema), ...errorResponses },
      },
    },
    async (request) => ok(await withdrawals.get(memberOf(request).id, request.params.orderNo)),
  );

  app.post(
    '/wps/wallet/withdrawals/:orderNo/cancel',
    {
      onRequest: member,
      config: moneyRateLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Cancels a pending withdrawal; the held amount returns',
        params: OrderNoParams,
        response: { 200: okSchema(WithdrawalSchema), ...errorResponses },
      },
    },
    async (request) => ok(await withdrawals.cancel(memberOf(request).id, request.params.orderNo)),
  );

  app.post(
    '/wps/wallet/withdrawals/:orderNo/confirmation',
    {
      onRequest: member,
      config: moneyRateLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Confirms receipt of a paid withdrawal, or reports it missing with proofs (multipart/form-data)',
        consumes: ['multipart/form-data'],
        params: OrderNoParams,
        response: { 200: okSchema(WithdrawalSchema), ...errorResponses },
      },
    },
    async (request) => {
      const form = await readForm(request, PROOF_MAX_FILES);
      const received = form.fields.received;
      if (received !== 'true' && received !== 'false') {
        throw new AppError(400, 'VALIDATION', { detail: 'received must be true or false' });
      }
      return ok(
        await withdrawals.confirm(memberOf(request).id, request.params.orderNo, {
          received: received === 'true',
          receivedAmount: form.fields.receivedAmount ?? null,
          proofs: received === 'true' ? [] : form.images,
        }),
      );
    },
  );

  app.get(
    '/wps/wallet/transfer/parties',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'Who the member may transfer to: the upline, and for agents their direct downline',
        querystring: Type.Object(
          { ...Paging, search: Type.Optional(Type.String({ maxLength: 64 })) },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(
            Type.Object({ upline: Type.Union([PartySchema, Type.Null()]), downlines: pageOf(PartySchema) }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await transfers.parties(memberOf(request).id, request.query)),
  );

  app.post(
    '/wps/wallet/transfers',
    {
      onRequest: member,
      // Per session: an agent topping up a row of downlines is legitimate; the ledger, not this limit, keeps money safe.
      config: { rateLimit: { max: 6000, timeWindow: 60_000, keyGenerator: sessionKey } },
      schema: {
        tags: ['wallet'],
        summary: 'Transfers to the upline or to a direct downline (Idempotency-Key header)',
        body: Type.Object(
          { to: Type.String({ minLength: 1, maxLength: 64 }), amount: AmountInput, paymentPassword: PaymentPassword },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(
            Type.Object({
              transferNo: Type.String(),
              to: Type.String(),
              amount: Type.String(),
              balance: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await transfers.transfer(memberOf(request), request.body, requestKeyOf(request))),
  );

  app.get(
    '/wps/relay/GCS_merchantWallet',
    {
      onRequest: member,
      schema: {
        tags: ['wallet'],
        summary: 'The main wallet and the wallets at game vendors in transfer mode',
        response: {
          200: okSchema(
            Type.Object({
              currency: Type.String(),
              main: Amount,
              wallets: Type.Array(
                Type.Object({ vassalage: Type.String(), displayName: Type.String(), balance: Amount }),
              ),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await vendorWallets.list(memberOf(request).id)),
  );

  app.post(
    '/wps/relay/GCS_walletTransfer',
    {
      onRequest: member,
      config: moneyRateLimit,
      schema: {
        tags: ['wallet'],
        summary: 'Moves money between the main wallet and a game wallet (Idempotency-Key header)',
        body: Type.Object({ from: WalletCode, to: WalletCode, amount: AmountInput }, { additionalProperties: false }),
        response: {
          200: okSchema(
            Type.Object({ from: Type.String(), to: Type.String(), amount: Amount, main: Amount, vendor: Amount }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await vendorWallets.transfer(memberOf(request).id, request.body, requestKeyOf(request))),
  );
};

/** Who a member's audited change is recorded under. */
function memberActor(request: FastifyRequest) {
  return { name: `member:${memberOf(request).account}`, ip: request.ip };
}

function sessionKey(request: FastifyRequest): string {
  return bearerOrCookie(request, SESSION_COOKIE) ?? request.ip;
}

/** The client's key for a money-moving request: one per submission, reused on every retry of it. */
export function requestKeyOf(request: FastifyRequest): string {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !/^[A-Za-z0-9_:-]{8,100}$/.test(key)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED');
  }
  return key;
}

/** Reads a multipart form: its text fields and up to `maxImages` checked png or jpg images. */
async function readForm(
  request: FastifyRequest,
  maxImages: number,
): Promise<{ fields: Record<string, string>; images: UploadedImage[] }> {
  if (!request.isMultipart()) throw new AppError(400, 'VALIDATION', { detail: 'multipart/form-data expected' });
  const fields: Record<string, string> = {};
  const images: UploadedImage[] = [];
  try {
    for await (const part of request.parts() as AsyncIterableIterator<Multipart>) {
      if (part.type === 'file') {
        if (images.length >= maxImages) throw new AppError(400, 'UPLOAD_TOO_MANY', { max: String(maxImages) });
        const data = await part.toBuffer();
        images.push(await checkImage(data, part.file.truncated));
      } else if (typeof part.value === 'string') {
        // The text fields of a form are parsed here, not before the handler, so the global check cannot see them.
        refuseUnstorableText({ [part.fieldname]: part.value }, 'body');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(400, 'UPLOAD_INVALID');
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, 'UPLOAD_TOO_MANY', { max: String(maxImages) });
    if (code?.startsWith('FST_')) throw new AppError(400, 'VALIDATION', { detail: 'form' });
    throw error;
  }
  return { fields, images };
}
