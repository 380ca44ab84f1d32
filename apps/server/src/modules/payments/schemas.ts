// TypeBox schemas of the payments calls; the types they mirror are in packages/shared/src/wallet.ts.
import { CHANNEL_KINDS, CHANNEL_MODES, DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '@portal/shared/wallet';
import Type, { type TSchema } from 'typebox';
import { Amount, AmountInput } from '../wallet/schemas.ts';

export const OrderNoParams = Type.Object(
  { orderNo: Type.String({ pattern: '^[DWT][0-9]{8,24}$' }) },
  { additionalProperties: false },
);

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Kind = Type.Enum(CHANNEL_KINDS);
const Mode = Type.Enum(CHANNEL_MODES);

export const ReceivingAccountSchema = Type.Object(
  {
    provider: Type.String({ minLength: 1, maxLength: 60 }),
    accountName: Type.String({ minLength: 1, maxLength: 100 }),
    accountNumber: Type.String({ minLength: 4, maxLength: 80 }),
  },
  { additionalProperties: false },
);

const channelProperties = {
  code: Type.String(),
  kind: Kind,
  mode: Mode,
  displayName: Type.String(),
  currency: Type.String(),
  minAmount: Amount,
  maxAmount: Amount,
  quickAmounts: Type.Array(Amount),
  orderMinutes: Type.Integer(),
};
export const ChannelSchema = Type.Object(channelProperties);

export const AdminChannelSchema = Type.Object({
  ...channelProperties,
  provider: Nullable(Type.String()),
  receivingAccount: Nullable(ReceivingAccountSchema),
  enabled: Type.Boolean(),
  sortOrder: Type.Integer(),
});

const channelInputProperties = {
  kind: Kind,
  mode: Mode,
  provider: Type.Optional(Nullable(Type.String({ pattern: '^[a-z0-9_-]{2,40}$' }))),
  displayName: Type.String({ minLength: 1, maxLength: 60 }),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3,5}$' })),
  minAmount: AmountInput,
  maxAmount: AmountInput,
  quickAmounts: Type.Optional(Type.Array(AmountInput, { maxItems: 12 })),
  orderMinutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 1440 })),
  receivingAccount: Type.Optional(Nullable(ReceivingAccountSchema)),
  enabled: Type.Optional(Type.Boolean()),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
};
export const ChannelUpdateBody = Type.Object(channelInputProperties, { additionalProperties: false });
export const ChannelCreateBody = Type.Object(
  { code: Type.String({ pattern: '^[a-z0-9_-]{2,40}$' }), ...channelInputProperties },
  { additionalProperties: false },
);

export const DepositOrderSchema = Type.Object({
  orderNo: Type.String(),
  channelCode: Type.String(),
  channelName: Type.String(),
  mode: Mode,
  amount: Amount,
  currency: Type.String(),
  status: Type.Enum(DEPOSIT_STATUSES),
  createdAt: Type.String(),
  expiresAt: Type.String(),
  receivingAccount: Nullable(ReceivingAccountSchema),
  payUrl: Nullable(Type.String()),
  transactionRef: Nullable(Type.String()),
  hasReceipt: Type.Boolean(),
  rejectReason: Nullable(Type.String()),
});

export const PayoutAccountSchema = Type.Object({
  id: Type.String(),
  kind: Kind,
  provider: Type.String(),
  accountName: Type.String(),
  accountNumberMasked: Type.String(),
  createdAt: Type.String(),
});

const WithdrawalStatus = Type.Enum(WITHDRAWAL_STATUSES);
export const WithdrawalSchema = Type.Object({
  orderNo: Type.String(),
  amount: Amount,
  currency: Type.String(),
  status: WithdrawalStatus,
  payoutAccount: PayoutAccountSchema,
  createdAt: Type.String(),
  confirmBy: Nullable(Type.String()),
  forcedReceipt: Type.Boolean(),
  receivedAmount: Nullable(Amount),
  remainingAmount: Nullable(Amount),
  proofCount: Type.Integer(),
  rejectReason: Nullable(Type.String()),
  history: Type.Array(Type.Object({ status: WithdrawalStatus, at: Type.String(), note: Nullable(Type.String()) })),
});

export const EligibilitySchema = Type.Object({
  balance: Amount,
  minAmount: Amount,
  maxAmount: Amount,
  turnoverRequired: Amount,
  turnoverDone: Amount,
  turnoverRemaining: Amount,
  hasPaymentPassword: Type.Boolean(),
  payoutAccountLimit: Type.Integer(),
});

export const DepositStatusQuery = Type.Optional(Type.Enum(DEPOSIT_STATUSES));
export const WithdrawalStatusQuery = Type.Optional(WithdrawalStatus);
