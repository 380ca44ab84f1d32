import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ContractSwitches } from '@portal/shared/contracts';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import { TRIAL_TYPE } from '../../common/member-types.ts';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { bearerOrCookie, memberOf, requireMember, SESSION_COOKIE } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { requestKeyOf } from '../../http/request-key.ts';
import { Amount, AmountInput, ConsolidatedSchema, Paging, PartySchema, PaymentPassword, pageOf } from './schemas.ts';
import type { WalletService } from './service.ts';
import type { TransferService } from './transfers.ts';
import type { VendorWallets } from './vendor-wallets.ts';

const BalanceSchema = Type.Object({
  sumBalance: Type.String({ pattern: '^-?\\d+\\.\\d{2}$' }),
  currency: Type.String(),
  demo: Type.Boolean(),
});

export interface WalletRouteOptions {
  wallet: WalletService;
  auth: MemberAuthenticator;
  transfers: TransferService;
  vendorWallets: VendorWallets;
  /** The contract pages' switches for a member type (the contracts module's). */
  contractSwitches: (memberType: number) => Promise<ContractSwitches>;
}

/** Money-moving calls are limited per member; a runaway client cannot flood the ledger. */
const moneyRateLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

const WalletCode = Type.String({ pattern: '^[A-Z0-9_]{2,32}$' });

/**
 * Wallet calls of a signed-in member (spec section 7, wallet; docs/wallet-api.md): balances, the payment password,
 * transfers along the agent tree and the wallets at transfer-mode vendors. Deposits and withdrawals are the payments
 * module's.
 */
export const walletRoutes: FastifyPluginAsyncTypebox<WalletRouteOptions> = async (app, options) => {
  const { wallet, auth, transfers, vendorWallets, contractSwitches } = options;
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
        summary: "Cash, bonus money, funds held for withdrawals and the agent centre's contract switches",
        response: { 200: okSchema(ConsolidatedSchema), ...errorResponses },
      },
    },
    async (request) => {
      const identity = memberOf(request);
      return ok({
        ...(await wallet.consolidated(identity.id, REAL_CURRENCY)),
        ...(await contractSwitches(identity.type)),
      });
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
                Type.Object({
                  vassalage: Type.String(),
                  displayName: Type.String(),
                  balance: Type.Union([Amount, Type.Null()]),
                }),
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
            Type.Object({
              from: Type.String(),
              to: Type.String(),
              amount: Amount,
              status: Type.Union([Type.Literal('done'), Type.Literal('pending')]),
              main: Amount,
              vendor: Type.Union([Amount, Type.Null()]),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await vendorWallets.transfer(memberOf(request).id, request.body, requestKeyOf(request))),
  );
};

function sessionKey(request: FastifyRequest): string {
  return bearerOrCookie(request, SESSION_COOKIE) ?? request.ip;
}
