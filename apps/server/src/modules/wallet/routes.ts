import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { memberOf, requireMember } from '../auth/guard.ts';
import type { AuthService } from '../auth/service.ts';
import { TRIAL_TYPE } from '../members/service.ts';
import { REAL_CURRENCY, type WalletService } from './service.ts';

const BalanceSchema = Type.Object({
  sumBalance: Type.String({ pattern: '^-?\\d+\\.\\d{2}$' }),
  currency: Type.String(),
  demo: Type.Boolean(),
});

/** Wallet calls of a signed-in member (spec section 7, wallet). */
export const walletRoutes: FastifyPluginAsyncTypebox<{ wallet: WalletService; auth: AuthService }> = async (
  app,
  { wallet, auth },
) => {
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
      const member = memberOf(request);
      return ok(await wallet.balance(member.id, member.type === TRIAL_TYPE, REAL_CURRENCY));
    },
  );
};
