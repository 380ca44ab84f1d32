import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LANGUAGES } from '@portal/shared/constants';
import { RECORD_TYPES } from '@portal/shared/wallet';
import Type, { type TSchema } from 'typebox';
import type { MemberAuthenticator } from '../../common/request-identity.ts';
import { memberOf, requireMember } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import type { RecordsService } from './records.ts';

const Amount = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });
/** A calendar day in the brand's zone; whether it is a real day and the range is allowed is the service's rule. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const RangeFields = { from: Day, to: Day };
const PageFields = {
  pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

const AccountRecordSchema = Type.Object({
  id: Type.String(),
  time: Type.String(),
  type: Type.Enum(RECORD_TYPES),
  amount: Amount,
  balanceAfter: Amount,
  reference: Type.String(),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const BetRecordSchema = Type.Object({
  reference: Type.String({
    description: 'The journal reference of the round (bet:<vendor>:<round> for a vendor round)',
  }),
  gameName: Nullable(Type.String({ description: "The game's name in the asked language" })),
  nodeId: Nullable(Type.String({ description: 'The game the round was played in' })),
  vendorCode: Nullable(Type.String()),
  vendorName: Nullable(Type.String({ description: "The vendor's display name" })),
  roundId: Nullable(Type.String({ description: "The vendor's id of the round" })),
  time: Type.String(),
  stake: Amount,
  payout: Amount,
  net: Amount,
  status: Type.Enum(['open', 'settled', 'refunded']),
});

const ProfitFields = {
  bets: Amount,
  wins: Amount,
  refunds: Amount,
  bonuses: Amount,
  deposits: Amount,
  withdrawals: Amount,
  profit: Amount,
};

const PersonalProfitSchema = Type.Object({
  days: Type.Array(Type.Object({ date: Type.String(), ...ProfitFields })),
  totals: Type.Object(ProfitFields),
});

function pageSchema<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    totalPages: Type.Integer(),
  });
}

/** The member centre's records (spec section 9), for real accounts only: a trial account has no real money. */
export const recordsRoutes: FastifyPluginAsyncTypebox<{ records: RecordsService; auth: MemberAuthenticator }> = async (
  app,
  { records, auth },
) => {
  app.get(
    '/wps/wallet/records/account',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['wallet'],
        summary: 'Account record: every movement of the cash account, newest first',
        querystring: Type.Object(
          { ...RangeFields, type: Type.Optional(Type.Enum(RECORD_TYPES)), ...PageFields },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(pageSchema(AccountRecordSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { from, to, type, pageNo, pageSize } = request.query;
      return ok(await records.accountRecords(memberOf(request).id, { from, to }, { pageNo, pageSize }, type));
    },
  );

  app.get(
    '/wps/wallet/records/bets',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['wallet'],
        summary: 'Bet record: rounds placed in the range with game, vendor, stake, payout and state, newest first',
        description: 'Game names are in the `language` asked for (else Accept-Language, else Bengali).',
        querystring: Type.Object(
          { ...RangeFields, ...PageFields, language: Type.Optional(Type.Enum(LANGUAGES)) },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(pageSchema(BetRecordSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { from, to, pageNo, pageSize } = request.query;
      return ok(
        await records.betRecords(memberOf(request).id, { from, to }, { pageNo, pageSize }, requestLanguage(request)),
      );
    },
  );

  app.get(
    '/wps/wallet/records/profit',
    {
      onRequest: requireMember(auth),
      schema: {
        tags: ['wallet'],
        summary: 'Personal profit per day in the brand time zone, newest first, with totals',
        querystring: Type.Object(RangeFields, { additionalProperties: false }),
        response: { 200: okSchema(PersonalProfitSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      return ok(await records.profit(memberOf(request).id, { from, to }));
    },
  );
};
