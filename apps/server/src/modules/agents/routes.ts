import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PROFIT_LOSS_SORTS,
  TEAM_BETTING_SORTS,
  TEAM_MEMBER_SORTS,
  TEAM_TRANSACTION_TYPES,
} from '@portal/shared/agents';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { AGENT_TYPES } from '../../common/member-types.ts';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { AgentTeamService } from './service.ts';

const Amount = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });
const Count = Type.Integer({ minimum: 0 });
/** A calendar day in the brand's zone; whether it is real and the range allowed is the service's rule. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Account = Type.String({ minLength: 1, maxLength: 64 });

const DayFigureFields = {
  newRegistrations: Count,
  activeMembers: Count,
  firstDeposits: Count,
  deposits: Amount,
  depositCount: Count,
  withdrawals: Amount,
  withdrawalCount: Count,
  validBets: Amount,
  bonuses: Amount,
  profitLoss: Amount,
};

const TeamOverviewSchema = Type.Object({
  from: Day,
  to: Day,
  totals: Type.Object({ members: Count, ...DayFigureFields }),
  days: Type.Array(Type.Object({ day: Day, ...DayFigureFields })),
});

/** What an agent sees of a downline: no password, second factor, contact or payout details. */
const TeamMemberSchema = Type.Object({
  account: Type.String(),
  nickname: Type.Union([Type.String(), Type.Null()]),
  type: Type.Integer(),
  level: Type.Integer({ minimum: 1 }),
  upline: Type.String(),
  directCount: Count,
  teamSize: Count,
  balance: Amount,
  status: Type.Enum(['active', 'disabled']),
  createdAt: Type.String(),
  lastLoginAt: Type.Union([Type.String(), Type.Null()]),
});

const TeamMembersPageSchema = Type.Object({
  list: Type.Array(TeamMemberSchema),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  totalCount: Count,
  totalPages: Type.Integer(),
  path: Type.Array(Type.String()),
});

const TeamTransactionsPageSchema = Type.Object({
  list: Type.Array(
    Type.Object({
      id: Type.String(),
      time: Type.String(),
      account: Type.String(),
      level: Type.Integer({ minimum: 1 }),
      type: Type.Enum([...TEAM_TRANSACTION_TYPES]),
      amount: Amount,
      balanceAfter: Amount,
      reference: Type.String(),
    }),
  ),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  totalCount: Count,
  totalPages: Type.Integer(),
  totalIn: Amount,
  totalOut: Amount,
});

const Code = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,32}$' });
const Order = Type.Enum(['asc', 'desc'], { default: 'desc' });
const PageNo = Type.Integer({ minimum: 1, maximum: 10_000, default: 1 });
const PageSize = Type.Integer({ minimum: 1, maximum: 100, default: 20 });
const page = { pageNo: Type.Integer(), pageSize: Type.Integer(), totalCount: Count, totalPages: Type.Integer() };

const BettingFigures = { betCount: Count, validBets: Amount, wins: Amount, profitLoss: Amount };
const TeamBettingPageSchema = Type.Object({
  list: Type.Array(Type.Object({ account: Type.String(), level: Type.Integer({ minimum: 1 }), ...BettingFigures })),
  ...page,
  totals: Type.Object(BettingFigures),
  gameTypes: Type.Array(Type.String()),
  vendors: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), gameTypes: Type.Array(Type.String()) })),
});

const ProfitLossFigures = {
  deposits: Amount,
  withdrawals: Amount,
  validBets: Amount,
  wins: Amount,
  bonuses: Amount,
  profitLoss: Amount,
};
const ProfitLossPageSchema = Type.Object({
  list: Type.Array(Type.Object({ account: Type.String(), level: Type.Integer({ minimum: 1 }), ...ProfitLossFigures })),
  ...page,
  totals: Type.Object(ProfitLossFigures),
});

/**
 * onRequest hook of the agent centre: a signed-in member of an agent type (spec section 9). Anyone else is told,
 * as the agent login tells them, that only agents may come in.
 */
export function requireAgent(auth: MemberAuthenticator) {
  const member = requireMember(auth);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await member(request, reply);
    if (!AGENT_TYPES.includes(memberOf(request).type)) throw new AppError(403, 'NON_AGENT');
  };
}

/** The agent centre's team reports (spec section 2; packages/shared/src/agents.ts): the agent's own subtree only. */
export const agentRoutes: FastifyPluginAsyncTypebox<{ team: AgentTeamService; auth: MemberAuthenticator }> = async (
  app,
  { team, auth },
) => {
  const agent = requireAgent(auth);

  app.get(
    '/wps/agent/team/overview',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "The team's figures over a range of days (at most 93), per day and in total",
        querystring: Type.Object({ from: Day, to: Day }, { additionalProperties: false }),
        response: { 200: okSchema(TeamOverviewSchema), ...errorResponses },
      },
    },
    async (request) => ok(await team.overview(memberOf(request).id, request.query)),
  );

  app.get(
    '/wps/agent/team/members',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "A member's direct downline (drill-down) or a search of the whole team by account",
        querystring: Type.Object(
          {
            account: Type.Optional(Account),
            under: Type.Optional(Account),
            sort: Type.Enum([...TEAM_MEMBER_SORTS], { default: 'createdAt' }),
            order: Type.Enum(['asc', 'desc'], { default: 'desc' }),
            pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
            pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(TeamMembersPageSchema), ...errorResponses },
      },
    },
    async (request) => ok(await team.teamMembers(memberOf(request).id, request.query)),
  );

  app.get(
    '/wps/agent/team/transactions',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "The team's deposits, withdrawals, transfers and adjustments over a range of days, newest first",
        querystring: Type.Object(
          {
            from: Day,
            to: Day,
            type: Type.Optional(Type.Enum([...TEAM_TRANSACTION_TYPES])),
            account: Type.Optional(Account),
            pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
            pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(TeamTransactionsPageSchema), ...errorResponses },
      },
    },
    async (request) => ok(await team.transactions(memberOf(request).id, request.query)),
  );

  app.get(
    '/wps/agent/team/betting',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "Team betting: each downline's rounds, valid bets, wins and result over a range of days",
        querystring: Type.Object(
          {
            from: Day,
            to: Day,
            gameType: Type.Optional(Code),
            vendor: Type.Optional(Code),
            account: Type.Optional(Account),
            sort: Type.Enum([...TEAM_BETTING_SORTS], { default: 'validBets' }),
            order: Order,
            pageNo: PageNo,
            pageSize: PageSize,
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(TeamBettingPageSchema), ...errorResponses },
      },
    },
    async (request) => ok(await team.betting(memberOf(request).id, request.query)),
  );

  app.get(
    '/wps/agent/team/profit-loss',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "User profit and loss: each downline's deposits, withdrawals, valid bets, wins, bonuses and result",
        querystring: Type.Object(
          {
            from: Day,
            to: Day,
            account: Type.Optional(Account),
            sort: Type.Enum([...PROFIT_LOSS_SORTS], { default: 'profitLoss' }),
            order: Order,
            pageNo: PageNo,
            pageSize: PageSize,
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(ProfitLossPageSchema), ...errorResponses },
      },
    },
    async (request) => ok(await team.profitLoss(memberOf(request).id, request.query)),
  );
};
