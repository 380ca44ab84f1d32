import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { Paging, pageOf } from '../wallet/schemas.ts';
import type { PaymentChannels } from './channels.ts';
import type { DepositService } from './deposits.ts';
import {
  AdminChannelSchema,
  ChannelCreateBody,
  ChannelUpdateBody,
  DepositOrderSchema,
  DepositStatusQuery,
  OrderNoParams,
  WithdrawalSchema,
  WithdrawalStatusQuery,
} from './schemas.ts';
import type { Uploads } from './uploads.ts';
import type { WithdrawalService } from './withdrawals.ts';

const Reason = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

/** The operator's side of payments: channels, deciding deposits and withdrawals, and the images members uploaded. */
export const paymentAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: OperatorAuthenticator;
  channels: PaymentChannels;
  deposits: DepositService;
  withdrawals: WithdrawalService;
  uploads: Uploads;
}> = async (app, { admins, channels, deposits, withdrawals, uploads }) => {
  app.addHook('onRequest', requireAdmin(admins));
  const tags = ['admin'];

  app.get(
    '/admin/api/payment-channels',
    {
      schema: {
        tags,
        summary: 'All payment channels',
        response: { 200: okSchema(Type.Array(AdminChannelSchema)), ...errorResponses },
      },
    },
    async () => ok(await channels.listAll()),
  );
  app.post(
    '/admin/api/payment-channels',
    {
      schema: {
        tags,
        summary: 'Adds a payment channel',
        body: ChannelCreateBody,
        response: { 200: okSchema(AdminChannelSchema), ...errorResponses },
      },
    },
    async (request) => ok(await channels.create(request.body, actorOf(request))),
  );
  app.put(
    '/admin/api/payment-channels/:code',
    {
      schema: {
        tags,
        summary: 'Changes a payment channel (limits, quick amounts, receiving account, enabled)',
        params: Type.Object({ code: Type.String({ pattern: '^[a-z0-9_-]{2,40}$' }) }, { additionalProperties: false }),
        body: ChannelUpdateBody,
        response: { 200: okSchema(AdminChannelSchema), ...errorResponses },
      },
    },
    async (request) => ok(await channels.update(request.params.code, request.body, actorOf(request))),
  );

  app.get(
    '/admin/api/deposits',
    {
      schema: {
        tags,
        summary: 'Deposit orders, newest first',
        querystring: Type.Object({ ...Paging, status: DepositStatusQuery }, { additionalProperties: false }),
        response: { 200: okSchema(pageOf(DepositOrderSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await deposits.list(null, request.query)),
  );
  app.post(
    '/admin/api/deposits/:orderNo/confirm',
    {
      schema: {
        tags,
        summary: 'Confirms a deposit: the member is credited once',
        params: OrderNoParams,
        response: { 200: okSchema(DepositOrderSchema), ...errorResponses },
      },
    },
    async (request) => ok(await deposits.confirmByOperator(request.params.orderNo, actorOf(request).name)),
  );
  app.post(
    '/admin/api/deposits/:orderNo/reject',
    {
      schema: {
        tags,
        summary: 'Rejects a deposit order',
        params: OrderNoParams,
        body: Reason,
        response: { 200: okSchema(DepositOrderSchema), ...errorResponses },
      },
    },
    async (request) => ok(await deposits.reject(request.params.orderNo, request.body.reason, actorOf(request).name)),
  );

  app.get(
    '/admin/api/withdrawals',
    {
      schema: {
        tags,
        summary: 'Withdrawals, newest first',
        querystring: Type.Object({ ...Paging, status: WithdrawalStatusQuery }, { additionalProperties: false }),
        response: { 200: okSchema(pageOf(WithdrawalSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await withdrawals.list(null, request.query)),
  );
  app.post(
    '/admin/api/withdrawals/:orderNo/pay',
    {
      schema: {
        tags,
        summary: 'Marks a withdrawal paid out',
        params: OrderNoParams,
        response: { 200: okSchema(WithdrawalSchema), ...errorResponses },
      },
    },
    async (request) => ok(await withdrawals.pay(request.params.orderNo, actorOf(request).name)),
  );
  app.post(
    '/admin/api/withdrawals/:orderNo/reject',
    {
      schema: {
        tags,
        summary: 'Rejects a withdrawal; the hold returns to the member',
        params: OrderNoParams,
        body: Reason,
        response: { 200: okSchema(WithdrawalSchema), ...errorResponses },
      },
    },
    async (request) => ok(await withdrawals.reject(request.params.orderNo, request.body.reason, actorOf(request).name)),
  );
  app.post(
    '/admin/api/withdrawals/:orderNo/resolve',
    {
      schema: {
        tags,
        summary: 'Settles a withdrawal reported as not received',
        params: OrderNoParams,
        body: Type.Object(
          {
            outcome: Type.Union([Type.Literal('fully_paid'), Type.Literal('refunded')]),
            note: Type.String({ minLength: 1, maxLength: 200 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(WithdrawalSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await withdrawals.resolve(
          request.params.orderNo,
          request.body.outcome,
          request.body.note,
          actorOf(request).name,
        ),
      ),
  );

  app.get(
    '/admin/api/uploads/:id',
    {
      schema: {
        tags,
        summary: 'A receipt or proof image a member uploaded',
        params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const upload = await uploads.get(request.params.id);
      if (!upload) throw new AppError(404, 'NOT_FOUND');
      return reply
        .header('content-type', upload.contentType)
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .send(upload.data);
    },
  );
};
