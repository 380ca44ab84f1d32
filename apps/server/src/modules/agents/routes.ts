import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  type AgentNotice,
  INVITE_NOTE_MAX,
  PROFIT_LOSS_SORTS,
  TEAM_BETTING_SORTS,
  TEAM_MEMBER_SORTS,
  TEAM_TRANSACTION_TYPES,
} from '@portal/shared/agents';
import type { Language } from '@portal/shared/constants';
import { CONTRACT_TYPES } from '@portal/shared/contracts';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { TermsSchema } from '../../common/contract-terms-schema.ts';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { memberOf, requireAgent } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import type { AgentCaller, RegisterCentre } from './register-centre.ts';
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

const InviteFiguresFields = {
  registrations: Count,
  firstDeposits: Count,
  deposits: Amount,
  depositCount: Count,
};

const InviteLinkSchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  source: Type.String(),
  note: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  createdAt: Type.String(),
  ...InviteFiguresFields,
});

const InviteLinksSchema = Type.Object({
  defaultLink: Type.Object({ code: Type.String(), ...InviteFiguresFields }),
  list: Type.Array(InviteLinkSchema),
  max: Type.Integer(),
});

/** A source tag as typed; the service trims it, lowers its case and checks its pattern (INVITE_SOURCE_INVALID). */
const SourceTag = Type.String({ minLength: 1, maxLength: 40 });
const Note = Type.String({ maxLength: INVITE_NOTE_MAX });
const LinkParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) }, { additionalProperties: false });

/** Types and lengths only: the brand's registration rules (the members module's) judge account and password. */
const NewDownlineBody = Type.Object(
  {
    account: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
    type: Type.Integer({ minimum: 0, maximum: 99 }),
    nickname: Type.Optional(Type.String({ maxLength: 32 })),
    contract: Type.Optional(
      Type.Object({ type: Type.Enum([...CONTRACT_TYPES]), terms: TermsSchema }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

const NoticeListSchema = Type.Object({
  list: Type.Array(
    Type.Object({ id: Type.Integer(), title: Type.String(), content: Type.String(), publishedAt: Type.String() }),
  ),
});

function callerOf(request: FastifyRequest): AgentCaller {
  const { id, account, type } = memberOf(request);
  return { id, account, type, ip: request.ip, language: requestLanguage(request) };
}

/** The agent centre's team reports (spec section 2; packages/shared/src/agents.ts): the agent's own subtree only. */
export const agentRoutes: FastifyPluginAsyncTypebox<{
  team: AgentTeamService;
  registerCentre: RegisterCentre;
  notices: (language: Language) => Promise<AgentNotice[]>;
  auth: MemberAuthenticator;
}> = async (app, { team, registerCentre, notices, auth }) => {
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

  app.get(
    '/wps/agent/notices',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: 'Agent notices in force, newest first (the agent centre’s announcements)',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: okSchema(NoticeListSchema), ...errorResponses },
      },
    },
    async (request) => ok({ list: await notices(requestLanguage(request)) }),
  );

  app.post(
    '/wps/agent/downlines',
    {
      onRequest: agent,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['agent'],
        summary: "Opens a player, or an agent of the agent's own type, in the agent's direct downline",
        body: NewDownlineBody,
        response: {
          201: okSchema(
            Type.Object({
              account: Type.String(),
              type: Type.Integer(),
              nickname: Type.Union([Type.String(), Type.Null()]),
              inviteCode: Type.String(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await registerCentre.createDownline(callerOf(request), request.body))),
  );

  app.get(
    '/wps/agent/links',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "The agent's own invite code (default link) and its invitation links, with registrations and deposits",
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: okSchema(InviteLinksSchema), ...errorResponses },
      },
    },
    async (request) => ok(await registerCentre.links(memberOf(request).id)),
  );

  app.post(
    '/wps/agent/links',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: 'Makes an invitation link for a traffic source (a tag unique among the agent’s links)',
        body: Type.Object({ source: SourceTag, note: Type.Optional(Note) }, { additionalProperties: false }),
        response: { 201: okSchema(InviteLinkSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await registerCentre.createLink(callerOf(request), request.body))),
  );

  app.patch(
    '/wps/agent/links/:id',
    {
      onRequest: agent,
      schema: {
        tags: ['agent'],
        summary: "Changes one of the agent's links: source tag, note (null removes it), on or off",
        params: LinkParams,
        body: Type.Object(
          {
            source: Type.Optional(SourceTag),
            note: Type.Optional(Type.Union([Note, Type.Null()])),
            enabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: okSchema(InviteLinkSchema), ...errorResponses },
      },
    },
    async (request) => ok(await registerCentre.updateLink(callerOf(request), request.params.id, request.body)),
  );
};
