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

/** The operator's side of the wallet: adjustments of a member's cash, and reconciling the books. */
export const walletAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: OperatorAuthenticator;
  wallet: WalletService;
  /** The member with this account name (the members module's), or nothing. */
  findMember: (account: string) => Promise<{ id: string } | undefined>;
}> = async (app, { admins, wallet, findMember }) => {
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
};
