import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTRACT_END_REASONS,
  CONTRACT_PATHS,
  CONTRACT_STATES,
  CONTRACT_TYPES,
  type ContractTerms,
  type ContractType,
  STATEMENT_LINE_KEYS,
} from '@portal/shared/contracts';
import Type from 'typebox';
import { TermsSchema } from '../../common/contract-terms-schema.ts';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { memberOf, requireAgent } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import type { ContractService } from './service.ts';

const Amount = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });
const Count = Type.Integer({ minimum: 0 });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Id = Type.String({ pattern: '^\\d{1,18}$' });
const Account = Type.String({ minLength: 1, maxLength: 64 });
const Paging = {
  pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

const ContractSchema = Type.Object({
  id: Type.String(),
  type: Type.Enum([...CONTRACT_TYPES]),
  state: Type.Enum([...CONTRACT_STATES]),
  holder: Type.String(),
  offerer: Type.Union([Type.String(), Type.Null()]),
  terms: TermsSchema,
  offeredAt: Type.String(),
  acceptedAt: Type.Union([Type.String(), Type.Null()]),
  endedAt: Type.Union([Type.String(), Type.Null()]),
  endReason: Type.Union([Type.Enum([...CONTRACT_END_REASONS]), Type.Null()]),
  events: Type.Array(
    Type.Object({
      state: Type.Enum([...CONTRACT_STATES]),
      reason: Type.Union([Type.Enum([...CONTRACT_END_REASONS]), Type.Null()]),
      by: Type.Union([Type.String(), Type.Null()]),
      at: Type.String(),
    }),
  ),
});

const LineSchema = Type.Object({
  key: Type.Enum([...STATEMENT_LINE_KEYS]),
  amount: Type.Optional(Amount),
  count: Type.Optional(Count),
  required: Type.Optional(Count),
  passed: Type.Optional(Type.Boolean()),
  tier: Type.Optional(Count),
  rate: Type.Optional(Type.String()),
  base: Type.Optional(Amount),
});

const WindowSchema = Type.Object({ key: Type.String(), start: Type.String(), end: Type.String() });

const StatementSchema = Type.Object({
  id: Type.String(),
  contractId: Type.String(),
  type: Type.Enum([...CONTRACT_TYPES]),
  holder: Type.String(),
  window: WindowSchema,
  lines: Type.Array(LineSchema),
  paid: Amount,
  carriedLoss: Amount,
  pending: Amount,
  entryId: Type.Union([Type.String(), Type.Null()]),
  settledAt: Type.String(),
});

const OverviewSchema = Type.Object({
  type: Type.Enum([...CONTRACT_TYPES]),
  own: Type.Array(ContractSchema),
  downline: Type.Array(ContractSchema),
  canOffer: Type.Boolean(),
  settings: Type.Object({
    minPayout: Amount,
    minActiveMembers: Count,
    platformFeeRate: Type.String(),
    depositFeeRate: Type.String(),
    withdrawalFeeRate: Type.String(),
  }),
});

const WhatIfSchema = Type.Object({
  window: Type.Union([WindowSchema, Type.Null()]),
  current: Type.Union([Type.Array(LineSchema), Type.Null()]),
  proposed: Type.Union([Type.Array(LineSchema), Type.Null()]),
  currentPaid: Type.Union([Amount, Type.Null()]),
  proposedPaid: Type.Union([Amount, Type.Null()]),
});

const ActionSchema = Type.Union([
  Type.Object({ action: Type.Literal('offer'), account: Account, terms: TermsSchema }, { additionalProperties: false }),
  Type.Object(
    { action: Type.Literal('whatIf'), account: Account, terms: TermsSchema },
    { additionalProperties: false },
  ),
  Type.Object(
    { action: Type.Enum(['accept', 'reject', 'terminate']), contractId: Id },
    { additionalProperties: false },
  ),
]);

const LABELS: Record<ContractType, string> = {
  dividend: 'dividend',
  dailyWage: 'daily wage',
  hourlySalary: 'hourly salary',
  realTimeSalary: 'real-time salary',
};

/**
 * The spec's four contract calls (section 7), one per type: GET lists the member's contracts of the type and those
 * it offered; POST offers, accepts, rejects, terminates or tries a what-if. Then the agent's income: its statements,
 * each with the bets behind it.
 */
export const contractRoutes: FastifyPluginAsyncTypebox<{
  contracts: ContractService;
  auth: MemberAuthenticator;
}> = async (app, { contracts, auth }) => {
  const agent = requireAgent(auth);

  for (const type of CONTRACT_TYPES) {
    app.get(
      CONTRACT_PATHS[type],
      {
        onRequest: agent,
        schema: {
          tags: ['agent'],
          summary: `The member's ${LABELS[type]} contracts and those it offered its downline`,
          response: { 200: okSchema(OverviewSchema), ...errorResponses },
        },
      },
      async (request) => ok(await contracts.overview(memberOf(request).id, type)),
    );

    app.post(
      CONTRACT_PATHS[type],
      {
        onRequest: agent,
        schema: {
          tags: ['agent'],
          summary: `Offers, accepts, rejects or terminates a ${LABELS[type]} contract, or tries a what-if`,
          body: ActionSchema,
          response: { 200: okSchema(Type.Union([ContractSchema, WhatIfSchema])), ...errorResponses },
        },
      },
      async (request) => {
        const member = memberOf(request);
        const body = request.body;
        switch (body.action) {
          case 'offer':
            return ok(await contracts.offer(member.id, type, body.account, body.terms as ContractTerms, request.ip));
          case 'whatIf':
            return ok(await contracts.whatIf(member.id, type, body.account, body.terms as ContractTerms));
          case 'accept':
            return ok(await contracts.accept(member.id, type, body.contractId, request.ip));
          case 'reject':
            return ok(await contracts.reject(member.id, type, body.contractId, request.ip));
          default:
            return ok(await contracts.terminate({ memberId: member.id, ip: request.ip }, type, body.contractId));
        }
      },
    );
  }

  app.get(
    '/wps/agent/income',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "The agent's contract statements whose window ended in a range of days, newest first",
        querystring: Type.Object(
          { from: Day, to: Day, type: Type.Optional(Type.Enum([...CONTRACT_TYPES])), ...Paging },
          { additionalProperties: false },
        ),
        response: {
          200: okSchema(
            Type.Object({
              list: Type.Array(StatementSchema),
              pageNo: Type.Integer(),
              pageSize: Type.Integer(),
              totalCount: Count,
              totalPages: Type.Integer(),
              totalPaid: Amount,
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await contracts.income(memberOf(request).id, request.query)),
  );

  app.get(
    '/wps/agent/income/:id',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: 'One of the agent’s statements, line by line',
        params: Type.Object({ id: Id }),
        response: { 200: okSchema(StatementSchema), ...errorResponses },
      },
    },
    async (request) => ok(await contracts.statement(memberOf(request).id, request.params.id)),
  );

  app.get(
    '/wps/agent/income/:id/bets',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "The team's bets, wins and refunds in a statement's window, oldest first",
        params: Type.Object({ id: Id }),
        querystring: Type.Object(Paging, { additionalProperties: false }),
        response: {
          200: okSchema(
            Type.Object({
              list: Type.Array(
                Type.Object({
                  id: Type.String(),
                  time: Type.String(),
                  account: Type.String(),
                  type: Type.Enum(['bet', 'win', 'refund']),
                  amount: Amount,
                  reference: Type.String(),
                }),
              ),
              pageNo: Type.Integer(),
              pageSize: Type.Integer(),
              totalCount: Count,
              totalPages: Type.Integer(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => ok(await contracts.statementBets(memberOf(request).id, request.params.id, request.query)),
  );
};

export { ContractSchema, StatementSchema };
