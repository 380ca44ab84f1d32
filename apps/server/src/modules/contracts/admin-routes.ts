import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTRACT_TYPES, type ContractTerms } from '@portal/shared/contracts';
import Type from 'typebox';
import { TermsSchema } from '../../common/contract-terms-schema.ts';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { ContractSchema } from './routes.ts';
import type { ContractService } from './service.ts';
import type { ContractSettlement } from './settlement.ts';

/**
 * The platform's side of the contracts: operators offer top agents their contracts (the agents then offer their own
 * downline), list and terminate them, and settle a type's newest ended window now (as its job would; idempotent).
 */
export const contractAdminRoutes: FastifyPluginAsyncTypebox<{
  contracts: ContractService;
  settlement: ContractSettlement;
  admins: OperatorAuthenticator;
}> = async (app, { contracts, settlement, admins }) => {
  app.addHook('onRequest', requireAdmin(admins));

  app.get(
    '/admin/api/contracts',
    {
      schema: {
        tags: ['admin'],
        summary: "The platform's contracts with top agents, newest first",
        response: { 200: okSchema(Type.Array(ContractSchema)), ...errorResponses },
      },
    },
    async () => ok(await contracts.platformContracts()),
  );

  app.post(
    '/admin/api/contracts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Offers a top agent (one without an agent upline) a contract from the platform',
        body: Type.Object(
          { account: Type.String({ minLength: 1, maxLength: 64 }), terms: TermsSchema },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(ContractSchema), ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const terms = request.body.terms as ContractTerms;
      return ok(await contracts.offerByPlatform(actor.name, terms.type, request.body.account, terms, actor.ip));
    },
  );

  app.post(
    '/admin/api/contracts/:id/terminate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Terminates a contract (and those its holder gave its downline) or withdraws an offer',
        params: Type.Object({ id: Type.String({ pattern: '^\\d{1,18}$' }) }),
        response: { 200: okSchema(ContractSchema), ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return ok(await contracts.terminate({ operator: actor.name, ip: actor.ip }, null, request.params.id));
    },
  );

  app.post(
    '/admin/api/contracts/settle/:type',
    {
      schema: {
        tags: ['admin'],
        summary: "Settles the type's newest ended window now, with any earlier one missed (what its job does)",
        params: Type.Object({ type: Type.Enum([...CONTRACT_TYPES]) }),
        response: {
          200: okSchema(Type.Object({ windows: Type.Integer(), statements: Type.Integer(), paid: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const window = settlement.lastEndedWindow(request.params.type, null);
      return ok(await settlement.settleJobWindow(request.params.type, window));
    },
  );
};
