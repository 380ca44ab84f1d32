import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toMinor } from '@portal/shared/money';
import Type from 'typebox';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestKeyOf } from '../../http/request-key.ts';
import { SignedAmountInput } from './schemas.ts';
import type { WalletService } from './service.ts';
import type { VendorWallets } from './vendor-wallets.ts';

/** The operator's side of the wallet: adjustments of a member's cash, and reconciling the books. */
export const walletAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: OperatorAuthenticator;
  wallet: WalletService;
  /** The member with this account name (the members module's), or nothing. */
  findMember: (account: string) => Promise<{ id: string } | undefined>;
  vendorWallets: VendorWallets;
}> = async (app, { admins, wallet, findMember, vendorWallets }) => {
  app.addHook('onRequest', requireAdmin(admins));
  const tags = ['admin'];

  app.post(
    '/admin/api/members/:account/adjustments',
    {
      schema: {
        tags,
        summary: "Credits (positive) or debits (negative) a member's cash (Idempotency-Key header)",
        params: Type.Object({ account: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
        body: Type.Object(
          { amount: SignedAmountInput, reason: Type.String({ minLength: 1, maxLength: 120 }) },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(Type.Object({ entryId: Type.String(), balance: Type.String() })), ...errorResponses },
      },
    },
    async (request) => {
      const member = await findMember(request.params.account);
      if (!member) throw new AppError(404, 'NOT_FOUND');
      const amount = toMinor(request.body.amount);
      return ok(
        await wallet.adjust(member.id, amount, request.body.reason, requestKeyOf(request), actorOf(request).name),
      );
    },
  );

  app.get(
    '/admin/api/ledger/reconcile',
    {
      schema: {
        tags,
        summary: 'Proves the books: entries balance and stored balances equal their lines',
        response: {
          200: okSchema(
            Type.Object({
              ok: Type.Boolean(),
              unbalancedEntries: Type.Array(Type.String()),
              wrongBalances: Type.Array(Type.String()),
              total: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async () => {
      const result = await wallet.ledger.reconcile();
      return ok({ ...result, total: result.total.toString() });
    },
  );

  app.get(
    '/admin/api/vendor-transfers',
    {
      schema: {
        tags,
        summary: 'Moves to and from vendors in transfer mode, newest first (pending: the vendor has not answered yet)',
        querystring: Type.Object(
          {
            status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')])),
            limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(
            Type.Array(
              Type.Object({
                txId: Type.String(),
                account: Type.String(),
                vendor: Type.String(),
                direction: Type.Union([Type.Literal('in'), Type.Literal('out')]),
                amount: Type.String(),
                status: Type.String(),
                refusal: Type.Union([Type.String(), Type.Null()]),
                attempts: Type.Integer(),
                createdAt: Type.String(),
                updatedAt: Type.String(),
              }),
            ),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await vendorWallets.moves(request.query)),
  );
};
