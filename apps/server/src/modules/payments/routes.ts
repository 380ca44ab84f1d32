import fastifyMultipart, { type Multipart } from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PROOF_MAX_FILES, UPLOAD_MAX_BYTES } from '@portal/shared/wallet';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestKeyOf } from '../../http/request-key.ts';
import { refuseUnstorableText } from '../../http/storable-text.ts';
import { AmountInput, Paging, PaymentPassword, pageOf } from '../wallet/schemas.ts';
import type { PaymentChannels } from './channels.ts';
import type { DepositService } from './deposits.ts';
import type { PayoutAccounts } from './payout-accounts.ts';
import {
  ChannelSchema,
  DepositOrderSchema,
  DepositStatusQuery,
  EligibilitySchema,
  OrderNoParams,
  PayoutAccountSchema,
  WithdrawalSchema,
  WithdrawalStatusQuery,
} from './schemas.ts';
import { checkImage, type UploadedImage } from './uploads.ts';
import type { WithdrawalService } from './withdrawals.ts';

export interface PaymentRouteOptions {
  auth: MemberAuthenticator;
  channels: PaymentChannels;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  payoutAccounts: PayoutAccounts;
}

/** Money-moving calls are limited per member; a runaway client cannot flood the ledger. */
const moneyRateLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

/**
 * Payment calls of a signed-in member (spec section 7, wallet; docs/wallet-api.md): deposit channels and orders,
 * bound receiving accounts and withdrawals. Receipts and proofs arrive as multipart forms.
 */
export const paymentRoutes: FastifyPluginAsyncTypebox<PaymentRouteOptions> = async (app, options) => {
  const { auth, channels, deposits, withdrawals, payoutAccounts } = options;
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: PROOF_MAX_FILES, fields: 4, fieldSize: 200, parts: 8 },
  });
  const member = requireMember(auth);

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
            provider: Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' }),
            accountName: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
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
};

/** Who a member's audited change is recorded under. */
function memberActor(request: FastifyRequest) {
  return { name: `member:${memberOf(request).account}`, ip: request.ip };
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
    // Anything else the parser meets (no boundary, a form cut short) is a form that cannot be read.
    throw new AppError(400, 'VALIDATION', { detail: 'form' });
  }
  return { fields, images };
}
