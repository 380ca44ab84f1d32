// The agent centre's contract between server and app (spec section 2, "Agent centre"): the team an agent sees is
// its whole subtree, any depth. Amounts are decimal strings with two places, as in the wallet's contract; instants
// are ISO 8601 strings; days are calendar days in the brand's zone (Asia/Dhaka), `YYYY-MM-DD`.
import type { ContractTerms, ContractType } from './contracts.ts';

/** Agent types (spec section 9): 1 and 2 manage a team; 41 and 42 manage one and also play. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;

/** The agent centre's pages, in the menu's order (spec section 2). */
export const AGENT_CENTRE_PAGES = [
  'announcement',
  'teamOverview',
  'registerCentre',
  'teamManagement',
  'teamBetting',
  'userProfitLoss',
  'myIncome',
  'downlineTransactions',
  'dividend',
  'dailyWages',
  'hourlySalary',
  'realTimeSalary',
] as const;
export type AgentCentrePage = (typeof AGENT_CENTRE_PAGES)[number];
export const DEFAULT_AGENT_CENTRE_PAGE: AgentCentrePage = 'teamOverview';

/** The date presets of the team reports. */
export const TEAM_PERIODS = ['today', 'yesterday', 'thisWeek', 'thisMonth', 'custom'] as const;
export type TeamPeriod = (typeof TEAM_PERIODS)[number];

/** The team's figures over a range of days. */
export interface TeamFigures {
  /** Members of the team (the whole subtree, the agent excluded) at the end of the range. */
  members: number;
  /** Members who registered within the range. */
  newRegistrations: number;
  /** Members with at least one settled bet within the range. */
  activeMembers: number;
  /** Members whose first confirmed deposit ever fell within the range. */
  firstDeposits: number;
  /** Confirmed deposits within the range. */
  deposits: string;
  depositCount: number;
  /** Withdrawals paid within the range. */
  withdrawals: string;
  withdrawalCount: number;
  /** Stakes of bets settled within the range (valid bets). */
  validBets: string;
  /** Bonuses and rebates credited to the team within the range. */
  bonuses: string;
  /** The team's result as players: wins minus stakes (negative when the team lost). */
  profitLoss: string;
}

/** GET /wps/agent/team/overview?from=YYYY-MM-DD&to=YYYY-MM-DD (both days included). */
export interface TeamOverview {
  from: string;
  to: string;
  totals: TeamFigures;
  /** One row per day of the range, oldest first, for the charts. */
  days: ({ day: string } & Omit<TeamFigures, 'members'>)[];
}

export const TEAM_MEMBER_SORTS = ['createdAt', 'lastLoginAt', 'balance', 'account'] as const;
export type TeamMemberSort = (typeof TEAM_MEMBER_SORTS)[number];

/** One downline in the team management list. */
export interface TeamMember {
  account: string;
  nickname: string | null;
  /** Member type (0 player, 1/2/41/42 agents, spec section 9). */
  type: number;
  /** 1 for the agent's direct downline, 2 for theirs, and so on. */
  level: number;
  /** The member's own upline's account. */
  upline: string;
  /** Direct downline of this member, for the drill-down. */
  directCount: number;
  /** This member's whole subtree, itself excluded. */
  teamSize: number;
  /** Cash balance. */
  balance: string;
  status: 'active' | 'disabled';
  createdAt: string;
  lastLoginAt: string | null;
}

/**
 * GET /wps/agent/team/members?account=&under=&sort=&order=&pageNo=&pageSize=
 * `under`: list the direct downline of this team member (drill-down; the agent's own direct downline when absent);
 * `account`: search the whole team by account (prefix, case-insensitive) instead. A member outside the agent's
 * team is answered 404, exactly as one that does not exist.
 */
export interface TeamMembersPage {
  list: TeamMember[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  /** The chain from the agent's direct downline down to `under` (accounts), for the breadcrumb. */
  path: string[];
}

/** The money movements of the team the downline transaction details page lists (the ledger's entry types). */
export const TEAM_TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer', 'adjustment'] as const;
export type TeamTransactionType = (typeof TEAM_TRANSACTION_TYPES)[number];

/** One movement of a team member's cash: a line of its account record. */
export interface TeamTransaction {
  /** The journal line's id: stable, for keys. */
  id: string;
  time: string;
  account: string;
  /** 1 for the agent's direct downline, 2 for theirs, and so on. */
  level: number;
  type: TeamTransactionType;
  /** Signed: positive into the member's cash, negative out of it. */
  amount: string;
  balanceAfter: string;
  /** The journal reference (order number of a deposit or withdrawal, the transfer's key), for the detail. */
  reference: string;
}

/**
 * GET /wps/agent/team/transactions?from=&to=&type=&account=&pageNo=&pageSize=
 * Days as the overview's (both included, at most 93); `type` one of TEAM_TRANSACTION_TYPES, all four when absent;
 * `account` one team member's exact account (404 when not in the team). Newest first.
 */
export interface TeamTransactionsPage {
  list: TeamTransaction[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  /** Sums over the whole filtered range (not only this page): money in and money out of the members' cash. */
  totalIn: string;
  totalOut: string;
}

/**
 * Which member types an agent may open in its own team from the register centre: players, and agents of its own
 * kind (an agent of type 1 opens type 1 agents, a 41 opens 41s), never a kind above or beside its own.
 */
export function downlineTypesFor(agentType: number): number[] {
  return (AGENT_TYPES as readonly number[]).includes(agentType) ? [0, agentType] : [];
}

/** A traffic-source tag of an invitation link: lower-case letters, digits, `-` and `_`, 2 to 32 characters. */
export const INVITE_SOURCE_PATTERN = '^[a-z0-9][a-z0-9_-]{1,31}$';
export const INVITE_NOTE_MAX = 200;
/** How many invitation links one agent may keep (a limit on everything). */
export const INVITE_LINKS_MAX = 100;

/** Figures of one invitation link since it was made, from real registrations and deposits. */
export interface InviteLinkFigures {
  /** Members who registered with the link's code. */
  registrations: number;
  /** Of those, members with at least one confirmed deposit. */
  firstDeposits: number;
  /** Their confirmed deposits, in total. */
  deposits: string;
  depositCount: number;
}

/** One invitation link: <site>/register?affiliateCode=<code>. */
export interface InviteLink extends InviteLinkFigures {
  id: string;
  code: string;
  source: string;
  note: string | null;
  enabled: boolean;
  createdAt: string;
}

/** GET /wps/agent/links: the agent's own invite code (the default link) and its links, newest first. */
export interface InviteLinks {
  defaultLink: InviteLinkFigures & { code: string };
  list: InviteLink[];
  /** INVITE_LINKS_MAX: the form says when no more may be made. */
  max: number;
}

/** POST /wps/agent/links. */
export interface NewInviteLink {
  source: string;
  note?: string;
}

/** PATCH /wps/agent/links/:id: any of these; `note: null` removes it. */
export interface InviteLinkPatch {
  source?: string;
  note?: string | null;
  enabled?: boolean;
}

/**
 * POST /wps/agent/downlines: open a player or agent account in the agent's direct downline. The account and password
 * follow the brand's registration rules (GET /wps/system/setting/register). More terms (a rate, with the contracts)
 * join this body later.
 */
export interface NewDownlineRequest {
  account: string;
  password: string;
  type: number;
  nickname?: string;
  /** An agent only: a contract offered with the account, within the opening agent's own (the downline accepts it). */
  contract?: { type: ContractType; terms: ContractTerms };
}

export interface NewDownline {
  account: string;
  type: number;
  nickname: string | null;
  inviteCode: string;
}

/** An agent notice (GET /wps/agent/notices), newest first; `content` is sanitised HTML. */
export interface AgentNotice {
  id: number;
  title: string;
  content: string;
  publishedAt: string;
}

/** The columns team betting sorts by. */
export const TEAM_BETTING_SORTS = ['level', 'betCount', 'validBets', 'wins', 'profitLoss'] as const;
export type TeamBettingSort = (typeof TEAM_BETTING_SORTS)[number];

/** One downline's play over the range (only members who bet in it). */
export interface TeamBettingRow {
  account: string;
  /** 1 for the agent's direct downline, 2 for theirs, and so on (the latest level within the range). */
  level: number;
  /** Rounds bet on (a round with bets on two days counts on each). */
  betCount: number;
  /** Stakes less refunded stakes. */
  validBets: string;
  wins: string;
  /** The member's result as a player: wins minus valid bets. */
  profitLoss: string;
}

/** A vendor the report filters offer: its code, its name and the game types it has games of. */
export interface TeamReportVendor {
  code: string;
  name: string;
  gameTypes: string[];
}

/**
 * GET /wps/agent/team/betting?from=&to=&gameType=&vendor=&account=&sort=&order=&pageNo=&pageSize=
 * Days as the overview's; each day's play counts for the agent whose team the member was in that day (the tree as
 * it stood). `account` one team member's exact account (404 when not in the team). Totals are over every matching
 * row, not only the page. `gameTypes` (codes, named by the app's strings) and `vendors` are the catalogue's enabled ones, for the filters.
 */
export interface TeamBettingPage {
  list: TeamBettingRow[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  totals: Omit<TeamBettingRow, 'account' | 'level'>;
  gameTypes: string[];
  vendors: TeamReportVendor[];
}

/** The columns user profit and loss sorts by. */
export const PROFIT_LOSS_SORTS = [
  'level',
  'deposits',
  'withdrawals',
  'validBets',
  'wins',
  'bonuses',
  'profitLoss',
] as const;
export type ProfitLossSort = (typeof PROFIT_LOSS_SORTS)[number];

/** One downline's money over the range (members with any figure in it). */
export interface ProfitLossRow {
  account: string;
  level: number;
  /** Confirmed deposits. */
  deposits: string;
  /** Withdrawals paid out. */
  withdrawals: string;
  validBets: string;
  wins: string;
  /** Bonuses, rebates, salaries, dividends and the operator's credits. */
  bonuses: string;
  /** Wins plus bonuses minus valid bets. */
  profitLoss: string;
}

/**
 * GET /wps/agent/team/profit-loss?from=&to=&account=&sort=&order=&pageNo=&pageSize=
 * As team betting, without the game filters (deposits, withdrawals and bonuses belong to no game).
 */
export interface ProfitLossPage {
  list: ProfitLossRow[];
  pageNo: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  totals: Omit<ProfitLossRow, 'account' | 'level'>;
}
