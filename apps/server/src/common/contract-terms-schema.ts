// The request schema of a contract's tier table (issue 29): the contracts module's calls take it, and the agents
// module's "open a downline agent" may carry one. Amounts and rates are strings; the contracts module parses them.
import { DIVIDEND_PERIODS, MAX_TIER_ACTIVE_MEMBERS, MAX_TIERS } from '@portal/shared/contracts';
import Type, { type TSchema } from 'typebox';

const AmountInput = Type.String({ maxLength: 20 });
const RateInput = Type.String({ maxLength: 8 });

const tiers = <T extends TSchema>(tier: T) => Type.Array(tier, { minItems: 1, maxItems: MAX_TIERS });
const strict = { additionalProperties: false } as const;

const betTerms = <T extends 'dailyWage' | 'hourlySalary'>(type: T) =>
  Type.Object(
    { type: Type.Literal(type), tiers: tiers(Type.Object({ minBet: AmountInput, rate: RateInput }, strict)) },
    strict,
  );

export const TermsSchema = Type.Union([
  Type.Object(
    {
      type: Type.Literal('dividend'),
      period: Type.Enum([...DIVIDEND_PERIODS]),
      tiers: tiers(
        Type.Object(
          {
            minValidBet: AmountInput,
            minProfitLoss: AmountInput,
            minActiveMembers: Type.Integer({ minimum: 0, maximum: MAX_TIER_ACTIVE_MEMBERS }),
            rate: RateInput,
          },
          strict,
        ),
      ),
    },
    { additionalProperties: false },
  ),
  betTerms('dailyWage'),
  betTerms('hourlySalary'),
  Type.Object(
    {
      type: Type.Literal('realTimeSalary'),
      tiers: tiers(Type.Object({ minSingleBet: AmountInput, profitRate: RateInput, lossRate: RateInput }, strict)),
    },
    { additionalProperties: false },
  ),
]);
