// TypeBox schemas of the wallet calls; the types they mirror are in packages/shared/src/wallet.ts. The payments
// module's calls take their amounts and pages in the same shapes, from here.
import Type, { type TSchema } from 'typebox';

/** An amount as typed: a decimal string (never a JSON number), at most 13 digits and two decimals. */
export const AmountInput = Type.String({ maxLength: 16, pattern: '^(0|[1-9]\\d{0,12})(\\.\\d{1,2})?$' });
/** A signed amount (operator adjustments). */
export const SignedAmountInput = Type.String({ maxLength: 17, pattern: '^-?(0|[1-9]\\d{0,12})(\\.\\d{1,2})?$' });
export const Amount = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' });
export const PaymentPassword = Type.String({ minLength: 1, maxLength: 32 });
export const Paging = {
  pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};

export const ConsolidatedSchema = Type.Object({
  currency: Type.String(),
  cash: Amount,
  bonus: Amount,
  withdrawalHold: Amount,
  total: Amount,
  // The agent centre's contract pages (spec section 3), each shown only when its switch is on.
  divtypereq: Type.Boolean(),
  dailysalreqtype: Type.Boolean(),
  contracthoursalreq: Type.Boolean(),
  realtimesalreqtype: Type.Boolean(),
});

export const PartySchema = Type.Object({ account: Type.String(), nickname: Type.Union([Type.String(), Type.Null()]) });

export const pageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    pageNo: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
    totalPages: Type.Integer(),
  });
