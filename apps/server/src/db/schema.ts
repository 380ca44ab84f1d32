// Kysely table types; they mirror migrations/*.sql.
import type { VendorIsGame } from '@portal/shared/api';
import type { ColumnType, Generated } from 'kysely';

export type LocalisedText = Partial<Record<'bn' | 'en', string>>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

export interface FeatureFlagsTable {
  code: string;
  enabled: boolean;
  updated_at: Timestamp;
}

export interface BannersTable {
  id: Generated<number>;
  group_name: string;
  image_url: string;
  title: Json<LocalisedText>;
  linkage_type: number;
  link: string | null;
  /** The words over the art; null for an image-only banner. */
  headline: Json<LocalisedText | null>;
  detail: Json<LocalisedText | null>;
  button_label: Json<LocalisedText | null>;
  sort_order: number;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NoticesTable {
  id: Generated<number>;
  type: string;
  title: Json<LocalisedText>;
  content: Json<LocalisedText>;
  sort_order: number;
  enabled: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  published_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HelpSectionsTable {
  key: string;
  title: Json<LocalisedText>;
  content: Json<LocalisedText>;
  sort_order: number;
}

export interface DomainsTable {
  id: Generated<number>;
  domain_name: string;
  device: number;
}

export interface VendorsTable {
  id: Generated<number>;
  code: string;
  display_name: string;
  game_type: string;
  is_hot: boolean;
  account_type_id: number;
  logo: string;
  wallet_mode: 'seamless' | 'transfer';
  enabled: boolean;
  sort_order: number;
  is_game: Generated<VendorIsGame>;
}

export interface AdminUsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  created_at: Timestamp;
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
}

export interface AdminSessionsTable {
  token_hash: string;
  admin_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor: string;
  action: string;
  detail: Json<Record<string, unknown>>;
  ip: string | null;
  /** The idempotency key of a keyed request: unique, so a replay writes no second row. */
  request_key: string | null;
  created_at: Timestamp;
}

export interface MembersTable {
  id: Generated<string>;
  account: string;
  account_key: string;
  type: number;
  status: 'active' | 'disabled';
  nickname: string | null;
  password_hash: string | null;
  password_changed_at: Timestamp | null;
  payment_password_hash: string | null;
  email: string | null;
  country_dialing_code: string | null;
  mobile_num: string | null;
  mobile_verified: Generated<boolean>;
  payee_name: string | null;
  birthday: string | null;
  contacts: Json<Record<string, string>>;
  invite_code: string;
  upline_id: string | null;
  referrer_id: string | null;
  rank_level: Generated<number>;
  club_label: Generated<string>;
  labels: Generated<string[]>;
  icon: Generated<string>;
  totp_secret: string | null;
  totp_enabled: Generated<boolean>;
  totp_always: Generated<boolean>;
  register_ip: string | null;
  register_url: string | null;
  register_method: Generated<string>;
  /** The invitation code the member registered with, upper case (an agent's link code or a member's own code). */
  invited_by_code: Generated<string | null>;
  created_at: Generated<Date>;
  last_login_at: Date | null;
}

export interface MemberSessionsTable {
  token_hash: string;
  member_id: string;
  portal: 'member' | 'agent';
  ip: string | null;
  user_agent: string | null;
  must_change_password: boolean;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
}

export interface MemberKnownIpsTable {
  member_id: string;
  ip: string;
  first_seen_at: Generated<Date>;
  last_seen_at: Generated<Date>;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  purpose: 'register' | 'login' | 'forget' | 'second-factor' | 'reset-link';
  target: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface LoginChallengesTable {
  id_hash: string;
  member_id: string;
  portal: 'member' | 'agent';
  ip: string;
  methods: string[];
  reason: 'NEW_IP' | 'ALWAYS';
  must_change_password: boolean;
  password_expired: boolean;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface OutboxMessagesTable {
  id: Generated<string>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  provider: string;
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  created_at: Generated<Date>;
}

export interface MemberIdentitiesTable {
  provider: 'google' | 'facebook';
  subject: string;
  member_id: string;
  email: string | null;
  created_at: Generated<Date>;
}

export interface LedgerAccountsTable {
  id: Generated<string>;
  code: string;
  kind: string;
  member_id: string | null;
  vendor_code: string | null;
  currency: string;
  tracks_balance: boolean;
  balance_minor: Generated<string>;
  created_at: Generated<Date>;
}

export interface JournalEntriesTable {
  id: Generated<string>;
  type: string;
  reference: string;
  idempotency_key: string | null;
  request_hash: string | null;
  reverses_entry_id: string | null;
  created_at: Generated<Date>;
}

export interface JournalLinesTable {
  id: Generated<string>;
  entry_id: string;
  account_id: string;
  amount_minor: string;
  balance_after_minor: string | null;
  created_at: Generated<Date>;
}

export interface PaymentChannelsTable {
  id: Generated<string>;
  code: string;
  kind: 'bank' | 'ewallet' | 'usdt';
  mode: 'manual' | 'provider';
  provider: string | null;
  display_name: string;
  currency: Generated<string>;
  min_minor: string;
  max_minor: string;
  quick_amounts: ColumnType<string[], string[] | undefined, string[]>;
  order_minutes: Generated<number>;
  receiving_account: Json<{ provider: string; accountName: string; accountNumber: string } | null>;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UploadsTable {
  id: Generated<string>;
  member_id: string;
  purpose: 'deposit_receipt' | 'withdrawal_proof';
  content_type: string;
  size_bytes: number;
  sha256: string;
  data: Buffer | Uint8Array;
  created_at: Generated<Date>;
}

export interface DepositOrdersTable {
  id: Generated<string>;
  order_no: string;
  member_id: string;
  channel_id: string;
  amount_minor: string;
  currency: string;
  status: Generated<string>;
  request_key: string;
  transaction_ref: string | null;
  receipt_id: string | null;
  provider_ref: string | null;
  pay_url: string | null;
  expires_at: Timestamp;
  decided_by: string | null;
  reject_reason: string | null;
  entry_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Each member's first confirmed deposit ever, kept by a trigger on deposit_orders (migration 0050). */
export interface PaymentFirstDepositsTable {
  member_id: string;
  deposit_id: string;
  confirmed_at: Timestamp;
}

/** The log of changes to members' payment figures per day (migration 0052), which the team roll-up adds up. */
export interface PaymentFactChangesTable {
  id: Generated<string>;
  member_id: string;
  at: Timestamp;
  currency: string;
  deposit_minor: Generated<string>;
  deposit_count: Generated<number>;
  first_deposits: Generated<number>;
  withdrawal_minor: Generated<string>;
  withdrawal_count: Generated<number>;
}

/** Payment figures of a member (or, with agent_id, of an agent's team) on a brand-zone day; minor units. */
export interface PaymentMemberDaysTable {
  member_id: string;
  day: string;
  deposit_minor: string;
  deposit_count: number;
  first_deposits: number;
  withdrawal_minor: string;
  withdrawal_count: number;
}

export interface PaymentTeamDaysTable extends Omit<PaymentMemberDaysTable, 'member_id'> {
  agent_id: string;
}

export interface PaymentTeamMemberMonthsTable {
  agent_id: string;
  month: string;
  member_id: string;
  deposit_minor: string;
  deposit_count: number;
  withdrawal_minor: string;
  withdrawal_count: number;
}

export interface PaymentRollupWatermarkTable {
  change_id: string;
  tree_checked_at: Generated<Date>;
}

export interface PaymentCallbacksTable {
  id: Generated<string>;
  provider: string;
  event_id: string | null;
  order_no: string | null;
  outcome: string;
  remote_ip: string | null;
  body: string;
  created_at: Generated<Date>;
}

export interface PayoutAccountsTable {
  id: Generated<string>;
  member_id: string;
  kind: 'bank' | 'ewallet' | 'usdt';
  provider: string;
  account_name: string;
  account_number: string;
  removed_at: Date | null;
  created_at: Generated<Date>;
}

export interface WithdrawalsTable {
  id: Generated<string>;
  order_no: string;
  member_id: string;
  payout_account_id: string;
  amount_minor: string;
  currency: string;
  status: Generated<string>;
  request_key: string;
  hold_entry_id: string;
  settle_entry_id: string | null;
  refund_entry_id: string | null;
  confirm_by: Date | null;
  forced_receipt: Generated<boolean>;
  received_minor: string | null;
  reject_reason: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WithdrawalEventsTable {
  id: Generated<string>;
  withdrawal_id: string;
  status: string;
  actor: string;
  note: string | null;
  created_at: Generated<Date>;
}

export interface WithdrawalProofsTable {
  withdrawal_id: string;
  upload_id: string;
}

export interface TurnoverRequirementsTable {
  id: Generated<string>;
  member_id: string;
  source: 'deposit' | 'bonus' | 'adjustment';
  reference: string;
  required_minor: string;
  created_at: Generated<Date>;
}

export interface GamesTable {
  id: Generated<string>;
  node_id: string;
  vendor_code: string;
  game_type: string;
  names: Json<LocalisedText>;
  search_text: string;
  classify: 'SC' | 'VP' | 'TG' | 'AC' | 'JP' | 'BG' | null;
  min_bet_minor: ColumnType<string, string | bigint | undefined, string | bigint>;
  lines: Generated<number>;
  icon: string;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  enabled: Generated<boolean>;
  has_trial: Generated<boolean>;
  rtp_bp: number | null;
  margin_bp: number | null;
  volatility: 'low' | 'medium' | 'high' | null;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

export interface FavouriteGamesTable {
  member_id: string;
  game_id: string;
  created_at: Timestamp;
}

export interface RecentGamesTable {
  member_id: string;
  game_id: string;
  played_at: Timestamp;
}

export interface VendorIntegrationsTable {
  vendor_code: string;
  secret: string;
  currency: string;
  enabled: Generated<boolean>;
  session_minutes: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  launch_url: string | null;
  transfer_url: string | null;
  launch_target: Generated<'frame' | 'window'>;
  /** The operator's note on the vendor (who it is, whom to call); null when none. */
  note: Generated<string | null>;
}

export interface VendorTransfersTable {
  id: Generated<string>;
  member_id: string;
  vendor_code: string;
  direction: 'in' | 'out';
  amount_minor: string;
  currency: string;
  request_key: string;
  request_hash: string;
  status: Generated<'pending' | 'done' | 'failed'>;
  refusal: string | null;
  vendor_balance_minor: string | null;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface GameSessionsTable {
  token_hash: string;
  member_id: string;
  vendor_code: string;
  node_id: string;
  currency: string;
  account_id: string;
  demo: boolean;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

export interface VendorTransactionsTable {
  vendor_code: string;
  tx_id: string;
  kind: 'bet' | 'win' | 'rollback';
  status: 'applied' | 'rolled_back' | 'voided';
  member_id: string;
  round_id: string;
  node_id: string | null;
  bet_tx_id: string | null;
  amount_minor: string | null;
  currency: string;
  round_closed: Generated<boolean>;
  request_hash: string | null;
  entry_id: string | null;
  balance_after_minor: string | null;
  created_at: Generated<Date>;
}

export interface VendorRoundsTable {
  vendor_code: string;
  member_id: string;
  round_id: string;
  closed_by_tx_id: string;
  closed_at: Generated<Date>;
}

export type HouseRoundStatus = 'drawn' | 'staked' | 'settled' | 'refused' | 'cancelling' | 'cancelled';

export interface HouseRoundsTable {
  id: Generated<string>;
  round_id: string;
  game: 'slot' | 'dice' | 'baccarat';
  token_hash: string;
  round_key: string;
  player_id: string;
  node_id: string;
  currency: string;
  stake_minor: string;
  win_minor: string;
  jackpot_hit: Generated<boolean>;
  jackpot_minor: string | null;
  outcome: Json<unknown>;
  status: HouseRoundStatus;
  balance_minor: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  room_id: string | null;
}

export interface HouseDiceSeedsTable {
  id: Generated<string>;
  owner: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  retired_at: Date | null;
  created_at: Generated<Date>;
}

export interface JackpotPoolsTable {
  code: string;
  account_id: string;
  currency: string;
  share_bp: number;
  seed_minor: string;
  wins: Generated<number>;
  updated_at: Timestamp;
}

export interface CardRoomsTable {
  room_id: string;
  node_id: string;
  names: Json<LocalisedText>;
  min_bet_minor: string;
  max_bet_minor: string;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
  updated_at: Timestamp;
}

export interface EphemeralValuesTable {
  key: string;
  value: string;
  expires_at: Date;
}

export interface JobKeysTable {
  kind: string;
  key: string;
  job_id: string;
  window_start: Date | null;
  created_at: Timestamp;
}

export interface JobDeadLettersTable {
  id: Generated<string>;
  job_id: string;
  kind: string;
  key: string | null;
  payload: Json<unknown>;
  window_start: Date | null;
  window_end: Date | null;
  last_error: string;
  attempts: number;
  failed_at: Date;
  retried_at: Date | null;
  retried_by: string | null;
  retry_job_id: string | null;
}

/** The agent tree as a closure table (agents module): every (ancestor, descendant) pair, itself at depth 0. */
export interface AgentTreeTable {
  ancestor_id: string;
  descendant_id: string;
  depth: number;
}

/** An agent's invitation link (agents module): its own code, for one traffic source. */
export interface AgentInviteLinksTable {
  id: Generated<string>;
  agent_id: string;
  code: string;
  source: string;
  note: string | null;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Every pair of the tree with the time it held (agents module); the open row has no valid_to. */
export interface AgentTreeHistoryTable {
  ancestor_id: string;
  descendant_id: string;
  depth: number;
  valid_from: Date;
  valid_to: Date | null;
}

/** New registrations per agent and closed brand-zone day, the team as it stood that day (agents module). */
export interface AgentTeamRegistrationDaysTable {
  agent_id: string;
  day: string;
  registrations: number;
}

/** The last day of agent_team_registration_days rolled up ('-infinity' before the first run) and its days' zone. */
export interface AgentTeamRegistrationMarkTable {
  id: Generated<boolean>;
  day: string;
  zone: string;
}

/** The wallet's roll-up of its members' play per brand-zone day, vendor and game type (bonuses: vendor ''). */
export interface WalletPlayDaysTable {
  member_id: string;
  day: string;
  vendor_code: string;
  game_type: string;
  rounds: number;
  stake_minor: string;
  refund_minor: string;
  win_minor: string;
  bonus_minor: string;
}

/** The same per brand-zone month (its first day). */
export interface WalletPlayMonthsTable extends Omit<WalletPlayDaysTable, 'day'> {
  month: string;
}

/** The roll-up per member and day over all vendors and game types. */
export type WalletPlayMemberDaysTable = Omit<WalletPlayDaysTable, 'vendor_code' | 'game_type'>;

/** The same per brand-zone month (its first day). */
export interface WalletPlayMemberMonthsTable extends Omit<WalletPlayMemberDaysTable, 'day'> {
  month: string;
}

/** Per agent and day, its team's play (the team as it stood that day). */
export interface WalletTeamPlayDaysTable extends Omit<WalletPlayMemberDaysTable, 'member_id' | 'rounds'> {
  agent_id: string;
  active_members: number;
}

/** A team member's play over a report period, for one agent ('d' day, 'w' week from Sunday, 'm' month). */
export interface WalletTeamMemberPeriodsTable {
  agent_id: string;
  kind: 'd' | 'w' | 'm';
  period: string;
  member_id: string;
  rounds: number;
  stake_minor: string;
  refund_minor: string;
  win_minor: string;
  bonus_minor: string;
  valid_minor: Generated<string>;
  result_minor: Generated<string>;
  net_minor: Generated<string>;
}

/** An agent's sums of its member rows of a report period. */
export interface WalletTeamPeriodsTable {
  agent_id: string;
  kind: 'd' | 'w' | 'm';
  period: string;
  betting_members: number;
  play_members: number;
  active_members: number;
  rounds: string;
  stake_minor: string;
  refund_minor: string;
  win_minor: string;
  bonus_minor: string;
}

/** The newest journal line in the roll-up (one row), and when it last read the tree's history. */
export interface WalletPlayWatermarkTable {
  id: Generated<boolean>;
  line_id: string;
  tree_checked_at: Generated<Date>;
}

/** Who was a member's upline when (agents module); the open row has no valid_to. */
export interface MemberUplineHistoryTable {
  id: Generated<string>;
  member_id: string;
  upline_id: string;
  valid_from: Date;
  valid_to: Date | null;
}

/** The agents' salary contracts (contracts module); terms in minor units and basis points. */
export interface AgentContractsTable {
  id: Generated<string>;
  type: string;
  holder_id: string;
  offerer_id: string | null;
  terms: ColumnType<unknown, string, string>;
  state: string;
  offered_at: Timestamp;
  accepted_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
}

export interface AgentContractEventsTable {
  id: Generated<string>;
  contract_id: string;
  state: string;
  reason: string | null;
  actor_id: string | null;
  actor_name: string | null;
  at: Timestamp;
}

/** One settled window of a contract: its statement, what it paid and what it carries on. */
export interface AgentContractSettlementsTable {
  id: Generated<string>;
  contract_id: string;
  holder_id: string;
  type: string;
  window_key: string;
  window_start: Date;
  window_end: Date;
  lines: ColumnType<unknown, string, string>;
  paid_minor: ColumnType<string, bigint | string, bigint | string>;
  carried_loss_minor: ColumnType<string, bigint | string, bigint | string>;
  pending_minor: ColumnType<string, bigint | string, bigint | string>;
  entry_id: string | null;
  settled_at: Timestamp;
}

export interface AgentContractRunsTable {
  type: string;
  window_key: string;
  window_start: Date;
  window_end: Date;
  contracts: number;
  paid_minor: ColumnType<string, bigint | string, bigint | string>;
  settled_at: Timestamp;
}

export interface LotteryGamesTable {
  code: string;
  group_code: 'WINGO' | 'K3' | '5D' | 'SSC' | '11X5' | 'PK10' | 'LHC' | 'VN';
  menu_tag: string;
  name_en: string;
  name_bn: string;
  round_seconds: number;
  lock_seconds: number;
  min_stake_minor: string;
  max_stake_minor: string;
  enabled: Generated<boolean>;
  sort_order: Generated<number>;
}

export interface LotteryOddsTable {
  game_code: string;
  odds_key: string;
  odds_e4: number;
}

export type LotteryDrawStatus = 'open' | 'locked' | 'drawn' | 'settled' | 'cancelled';

export interface LotteryDrawsTable {
  id: Generated<string>;
  game_code: string;
  numero: string;
  open_at: Timestamp;
  lock_at: Timestamp;
  draw_at: Timestamp;
  status: Generated<LotteryDrawStatus>;
  server_seed: string;
  server_seed_hash: string;
  result: Json<unknown> | null;
  drawn_at: Timestamp | null;
  settled_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface LotteryChasesTable {
  id: Generated<string>;
  member_id: string;
  request_key: string;
  request_hash: string;
  game_code: string;
  draws: number;
  stop_after_win: boolean;
  created_at: Generated<Date>;
}

export type LotteryBetStatus = 'pending' | 'won' | 'lost' | 'refunded';

export interface LotteryVnGamesTable {
  game_code: string;
  region: 'north' | 'south' | 'central';
  name_vi: string;
  draw_days: number[];
}

export interface LotteryVnEntriesTable {
  draw_id: string;
  prizes: Json<unknown>;
  entered_by: string;
  entered_at: Generated<Date>;
  confirmed_by: string | null;
  confirmed_at: Timestamp | null;
}

export interface LotteryBetsTable {
  id: Generated<string>;
  member_id: string;
  account_id: string;
  request_key: string;
  request_hash: string;
  draw_id: string;
  game_code: string;
  numero: string;
  bet_type: string;
  selection: string;
  stake_minor: string;
  multiple: number;
  amount_minor: string;
  status: Generated<LotteryBetStatus>;
  payout_minor: string | null;
  settle_entry_id: string | null;
  chase_id: string | null;
  created_at: Generated<Date>;
  settled_at: Timestamp | null;
}

export interface Database {
  settings: SettingsTable;
  feature_flags: FeatureFlagsTable;
  banners: BannersTable;
  notices: NoticesTable;
  help_sections: HelpSectionsTable;
  domains: DomainsTable;
  vendors: VendorsTable;
  admin_users: AdminUsersTable;
  admin_sessions: AdminSessionsTable;
  audit_log: AuditLogTable;
  members: MembersTable;
  member_sessions: MemberSessionsTable;
  member_known_ips: MemberKnownIpsTable;
  verification_codes: VerificationCodesTable;
  login_challenges: LoginChallengesTable;
  outbox_messages: OutboxMessagesTable;
  member_identities: MemberIdentitiesTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  journal_lines: JournalLinesTable;
  payment_channels: PaymentChannelsTable;
  uploads: UploadsTable;
  deposit_orders: DepositOrdersTable;
  payment_first_deposits: PaymentFirstDepositsTable;
  payment_fact_changes: PaymentFactChangesTable;
  payment_member_days: PaymentMemberDaysTable;
  payment_team_days: PaymentTeamDaysTable;
  payment_team_member_months: PaymentTeamMemberMonthsTable;
  payment_rollup_watermark: PaymentRollupWatermarkTable;
  payment_callbacks: PaymentCallbacksTable;
  payout_accounts: PayoutAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_events: WithdrawalEventsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  turnover_requirements: TurnoverRequirementsTable;
  games: GamesTable;
  favourite_games: FavouriteGamesTable;
  recent_games: RecentGamesTable;
  vendor_integrations: VendorIntegrationsTable;
  vendor_transfers: VendorTransfersTable;
  game_sessions: GameSessionsTable;
  vendor_transactions: VendorTransactionsTable;
  vendor_rounds: VendorRoundsTable;
  house_rounds: HouseRoundsTable;
  lottery_games: LotteryGamesTable;
  lottery_odds: LotteryOddsTable;
  lottery_draws: LotteryDrawsTable;
  lottery_bets: LotteryBetsTable;
  lottery_chases: LotteryChasesTable;
  lottery_vn_games: LotteryVnGamesTable;
  lottery_vn_entries: LotteryVnEntriesTable;
  house_dice_seeds: HouseDiceSeedsTable;
  jackpot_pools: JackpotPoolsTable;
  card_rooms: CardRoomsTable;
  ephemeral_values: EphemeralValuesTable;
  job_keys: JobKeysTable;
  job_dead_letters: JobDeadLettersTable;
  agent_tree: AgentTreeTable;
  member_upline_history: MemberUplineHistoryTable;
  agent_contracts: AgentContractsTable;
  agent_contract_events: AgentContractEventsTable;
  agent_contract_settlements: AgentContractSettlementsTable;
  agent_contract_runs: AgentContractRunsTable;
  agent_invite_links: AgentInviteLinksTable;
  agent_tree_history: AgentTreeHistoryTable;
  agent_team_registration_days: AgentTeamRegistrationDaysTable;
  agent_team_registration_mark: AgentTeamRegistrationMarkTable;
  wallet_play_days: WalletPlayDaysTable;
  wallet_play_months: WalletPlayMonthsTable;
  wallet_play_member_days: WalletPlayMemberDaysTable;
  wallet_play_member_months: WalletPlayMemberMonthsTable;
  wallet_team_play_days: WalletTeamPlayDaysTable;
  wallet_team_member_periods: WalletTeamMemberPeriodsTable;
  wallet_team_periods: WalletTeamPeriodsTable;
  wallet_play_watermark: WalletPlayWatermarkTable;
}
