import type { ContractSwitches } from './contracts.ts';
// The wallet's contract between server and app: payment channels, deposits, withdrawals, transfers and records.
// Every amount is a decimal string with two places ("1234.50"); the server keeps integer minor units.

export const CHANNEL_KINDS = ['bank', 'ewallet', 'usdt'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** manual: the member pays the operator's receiving account and reports it; provider: a gateway confirms it. */
export const CHANNEL_MODES = ['manual', 'provider'] as const;
export type ChannelMode = (typeof CHANNEL_MODES)[number];

export interface ReceivingAccount {
  /** Bank or e-wallet name, e.g. "bKash"; the network for USDT, e.g. "TRC20". */
  provider: string;
  accountName: string;
  accountNumber: string;
}

/** GET /wps/wallet/channels: the enabled deposit channels. */
export interface PaymentChannel {
  code: string;
  kind: ChannelKind;
  mode: ChannelMode;
  displayName: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
  quickAmounts: string[];
  /** How long an unpaid order stays open. */
  orderMinutes: number;
}

export const DEPOSIT_STATUSES = ['created', 'waiting_confirmation', 'confirmed', 'expired', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** A deposit order (POST /wps/wallet/deposits, GET /wps/wallet/deposits[/:orderNo]). */
export interface DepositOrder {
  orderNo: string;
  channelCode: string;
  channelName: string;
  mode: ChannelMode;
  amount: string;
  currency: string;
  status: DepositStatus;
  createdAt: string;
  expiresAt: string;
  /** Manual channels: where to send the money. */
  receivingAccount: ReceivingAccount | null;
  /** Provider channels: the gateway's payment page. */
  payUrl: string | null;
  /** The e-wallet or bank transaction id the member reported. */
  transactionRef: string | null;
  hasReceipt: boolean;
  rejectReason: string | null;
}

export const WITHDRAWAL_STATUSES = [
  'pending',
  'cancelled',
  'rejected',
  'paid',
  'received',
  'not_received',
  'fully_paid',
  'refunded',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A receiving account the member bound for withdrawals. */
export interface PayoutAccount {
  id: string;
  kind: ChannelKind;
  provider: string;
  accountName: string;
  /** Only the last four characters are shown after binding. */
  accountNumberMasked: string;
  createdAt: string;
}

export interface WithdrawalEvent {
  status: WithdrawalStatus;
  at: string;
  note: string | null;
}

export interface Withdrawal {
  orderNo: string;
  amount: string;
  currency: string;
  status: WithdrawalStatus;
  payoutAccount: PayoutAccount;
  createdAt: string;
  /** When a paid withdrawal that is not confirmed counts as received. */
  confirmBy: string | null;
  /** Counted as received because the member did not confirm in time: no refund can follow. */
  forcedReceipt: boolean;
  receivedAmount: string | null;
  remainingAmount: string | null;
  proofCount: number;
  rejectReason: string | null;
  history: WithdrawalEvent[];
}

/** GET /wps/wallet/withdrawals/eligibility: what the withdrawal form needs before the member types. */
export interface WithdrawalEligibility {
  balance: string;
  minAmount: string;
  maxAmount: string;
  /** Turnover (wagering) the member's deposits and bonuses require, and what valid bets have done so far. */
  turnoverRequired: string;
  turnoverDone: string;
  turnoverRemaining: string;
  hasPaymentPassword: boolean;
  payoutAccountLimit: number;
}

/** GET /wps/member/info/funds/consolidated */
export interface ConsolidatedFunds {
  currency: string;
  cash: string;
  bonus: string;
  withdrawalHold: string;
  total: string;
}

/** GET /wps/member/info/funds/consolidated: the funds and the contract pages' switches (spec section 3). */
export type ConsolidatedResponse = ConsolidatedFunds & ContractSwitches;

/** GET /wps/wallet/transfer/parties: who the member may send money to along the agent tree. */
export interface TransferParty {
  account: string;
  nickname: string | null;
}

export interface TransferResult {
  transferNo: string;
  to: string;
  amount: string;
  balance: string;
}

/** Types shown in the account record (entry types of the ledger). */
export const RECORD_TYPES = [
  'deposit',
  'withdrawal',
  'bet',
  'win',
  'refund',
  'transfer',
  'bonus',
  'rebate',
  'salary',
  'dividend',
  'adjustment',
  'reversal',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export interface AccountRecord {
  id: string;
  time: string;
  type: RecordType;
  amount: string;
  balanceAfter: string;
  reference: string;
}

export interface BetRecord {
  /** The journal reference of the round's entries (`bet:<vendor>:<round>` for a vendor's round): for the detail. */
  reference: string;
  /** The game's name in the asked language; null when the round names no game the catalogue knows. */
  gameName: string | null;
  /** The game's node id, when the vendor named it. */
  nodeId: string | null;
  /** The vendor's code and display name; null for a bet that is not a vendor's round. */
  vendorCode: string | null;
  vendorName: string | null;
  /** The vendor's id of the round; null for a bet that is not a vendor's round. */
  roundId: string | null;
  time: string;
  stake: string;
  payout: string;
  net: string;
  status: 'open' | 'settled' | 'refunded';
}

export interface ProfitDay {
  date: string;
  bets: string;
  wins: string;
  refunds: string;
  bonuses: string;
  deposits: string;
  withdrawals: string;
  /** wins + refunds + bonuses − bets */
  profit: string;
}

export interface PersonalProfit {
  days: ProfitDay[];
  totals: Omit<ProfitDay, 'date'>;
}

export interface Page<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** Receipts and proofs: png or jpg, at most 5 MB each, at most 3 per withdrawal (spec section 5). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
export const PROOF_MAX_FILES = 3;
export const PAYMENT_PASSWORD_PATTERN = /^\d{6}$/;
export const TRANSACTION_REF_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/** The main wallet's code in vendor-wallet transfers. */
export const MAIN_WALLET = 'MAIN';

/** GET /wps/relay/GCS_merchantWallet: the main wallet and one wallet per vendor in transfer mode. */
export interface MerchantWallets {
  currency: string;
  main: string;
  /** A wallet's balance is null while its vendor does not answer. */
  wallets: { vassalage: string; displayName: string; balance: string | null }[];
}

/** POST /wps/relay/GCS_walletTransfer: main ↔ vendor wallet (Idempotency-Key header); `from`/`to` are MAIN or a vendor. */
export interface WalletTransferRequest {
  from: string;
  to: string;
  amount: string;
}

export interface WalletTransferResult {
  from: string;
  to: string;
  amount: string;
  /** `pending`: the vendor has not confirmed yet; the portal completes or returns the move by itself. */
  status: 'done' | 'pending';
  main: string;
  /** The balance at the vendor after the move, when the vendor said it. */
  vendor: string | null;
}
