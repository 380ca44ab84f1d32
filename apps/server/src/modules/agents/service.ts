// The agent centre's team (issue 29): the team overview's figures and the team management list, for an agent's
// own subtree only, and the operator's move of a member under another agent.
import type {
  ProfitLossPage,
  ProfitLossSort,
  TeamBettingPage,
  TeamBettingSort,
  TeamFigures,
  TeamMember,
  TeamMemberSort,
  TeamMembersPage,
  TeamOverview,
  TeamReportVendor,
  TeamTransactionsPage,
  TeamTransactionType,
} from '@portal/shared/agents';
import { TEAM_TRANSACTION_TYPES } from '@portal/shared/agents';
import { BRAND_TIME_ZONE, type DayRange, parseDay, rangeInstants, today } from '@portal/shared/date-range';
import { fromMinor } from '@portal/shared/money';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { AGENT_TYPES } from '../../common/member-types.ts';
import type { MemberPlayRange } from '../../common/report-range.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, InvalidInput } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberService } from '../members/service.ts';
import * as repository from './repository.ts';

/** The longest range a team report may cover: a quarter. */
export const TEAM_RANGE_MAX_DAYS = 93;

/** Payment figures of a team (the payments module's, passed in by app.ts), per day and `day: null` for the range. */
export type TeamPaymentSource = (
  agentId: string,
  range: DayRange,
) => Promise<
  {
    day: string | null;
    deposits: bigint;
    depositCount: number;
    firstDeposits: number;
    withdrawals: bigint;
    withdrawalCount: number;
  }[]
>;

/** Play figures of a team (the wallet's journal, passed in by app.ts), per day and `day: null` for the range. */
export type TeamPlaySource = (
  agentId: string,
  range: MemberPlayRange,
) => Promise<{ day: string | null; validBets: bigint; wins: bigint; bonuses: bigint; activeMembers: number }[]>;

/** Withdrawal order numbers by the entry that held their amount (the payments module's). */
export type WithdrawalOrderSource = (holdEntryIds: readonly string[]) => Promise<Map<string, string>>;

/** Cash balances in minor units by member id (the wallet's). */
export type BalanceSource = (memberIds: readonly string[]) => Promise<Map<string, bigint>>;

/** Lines of the team's cash accounts (the wallet's journal, passed in by app.ts), a page and the sums of all. */
export type TeamLineSource = (
  agentId: string,
  query: {
    start: Date;
    end: Date;
    types: readonly TeamTransactionType[];
    memberId?: string;
    limit: number;
    offset: number;
  },
) => Promise<{
  lines: {
    id: string;
    entryId: string;
    createdAt: Date;
    memberId: string;
    type: string;
    amount: bigint;
    balanceAfter: bigint;
    reference: string;
  }[];
  count: number;
  totalIn: bigint;
  totalOut: bigint;
}>;

/**
 * Per-member play of a team over some days (the wallet's, passed in by app.ts): an SQL fragment over `team`, a
 * relation of member_id, first_day, last_day, giving member_id, rounds, stake_minor, refund_minor, win_minor and
 * bonus_minor; read within `db`, the report's transaction.
 */
export type MemberPlaySource = (
  db: Kysely<Database>,
  team: RawBuilder<unknown>,
  range: MemberPlayRange,
  /** Given when `team` is the agent's whole team: the wallet may then read its rows of the agent's period. */
  agentId?: string,
) => Promise<RawBuilder<unknown>>;

/** Per-member deposits and withdrawals (the payments module's): member_id, deposit_minor, withdrawal_minor. */
export type MemberMoneySource = (team: RawBuilder<unknown>, range: DayRange) => RawBuilder<unknown>;

/** Play figures of a member or of a whole team over a period, minor units (the wallet's). */
export interface PlayFigures {
  rounds: bigint;
  stake: bigint;
  refund: bigint;
  win: bigint;
  bonus: bigint;
}

/**
 * A page of the team's members over a report period the wallet keeps rows for, sorted by one of its play columns
 * (ties by member id), with the count of members listed, the active members and the totals (the wallet's, passed in
 * by app.ts); null when the wallet has no such rows for the range (the report then reads the per-member path).
 */
export type MemberPageSource = (
  agentId: string,
  query: {
    range: MemberPlayRange;
    keep: 'betting' | 'play';
    sort: 'rounds' | 'valid' | 'win' | 'bonus' | 'result' | 'net';
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
    /** Members of whom the caller wants to know whether they have a play figure over the period. */
    members?: readonly string[];
    /** Members listed besides those with play (an SQL relation of member_id): those without are counted. */
    listed?: RawBuilder<unknown>;
  },
) => Promise<{
  count: number;
  totals: PlayFigures;
  rows: ({ memberId: string } & PlayFigures)[];
  /** Those of `members` with a play figure over the period. */
  played: Set<string>;
  /** Of `listed`, the members with no play figure over the period: how many, and the first offset + limit by id. */
  unplayed: { count: number; first: string[] };
} | null>;

/**
 * Per team member with a confirmed deposit or a paid-out withdrawal on a day of the range it counted for the agent,
 * those amounts in minor units (the payments module's, passed in by app.ts).
 */
export type TeamMoneySource = (
  agentId: string,
  range: DayRange,
  /** Of these members only. */
  ids?: readonly string[],
) => Promise<Map<string, { deposits: bigint; withdrawals: bigint }>>;

/**
 * Over a month the payments module keeps rows for (passed in by app.ts): `members`, the members with money as an SQL
 * relation of member_id (null for another range), and `money`, the team's deposits and withdrawals and those of
 * `ids`, null when the rows are not the agent's team as it stands (a move not read yet).
 */
export interface MonthMoneySource {
  members: (agentId: string, range: DayRange) => RawBuilder<unknown> | null;
  money: (
    agentId: string,
    range: DayRange,
    ids: readonly string[],
  ) => Promise<{
    deposits: bigint;
    withdrawals: bigint;
    members: Map<string, { deposits: bigint; withdrawals: bigint }>;
  } | null>;
}

/** The catalogue's enabled game types and vendors (the games module's), for the report filters. */
export type ReportCatalogueSource = () => Promise<{ gameTypes: string[]; vendors: TeamReportVendor[] }>;

interface MemberReportQuery extends DayRange {
  account?: string;
  order: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
}

export interface TeamBettingQuery extends MemberReportQuery {
  gameType?: string;
  vendor?: string;
  sort: TeamBettingSort;
}

export interface ProfitLossQuery extends MemberReportQuery {
  sort: ProfitLossSort;
}

const valid = sql`(play.stake_minor - play.refund_minor)`;
const PLAY_COLUMNS = {
  validBets: sql`coalesce(${valid}, 0)`,
  wins: sql`coalesce(play.win_minor, 0)`,
};

export interface TeamTransactionsQuery extends DayRange {
  type?: TeamTransactionType;
  account?: string;
  pageNo: number;
  pageSize: number;
}

export interface TeamMembersQuery {
  account?: string;
  under?: string;
  sort: TeamMemberSort;
  order: 'asc' | 'desc';
  pageNo: number;
  pageSize: number;
}

type DayFigures = Omit<TeamFigures, 'members'>;

/** A member report's days as the agents module checked them (AgentTeamService.reportRange). */
interface ReportRange {
  report: { agentId: string; from: string; to: string; zone: string; memberId?: string };
  play: MemberPlayRange;
}

const RANGE_PROBLEMS = {
  invalid: 'from and to must be real days (yyyy-MM-dd)',
  reversed: 'from must not be after to',
  too_long: `the range may cover at most ${TEAM_RANGE_MAX_DAYS} days`,
} as const;

export class AgentTeamService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: MemberService,
    private readonly audit: AuditRecorder,
    private readonly sources: {
      payments: TeamPaymentSource;
      play: TeamPlaySource;
      balances: BalanceSource;
      lines: TeamLineSource;
      withdrawalOrders: WithdrawalOrderSource;
      memberPlay: MemberPlaySource;
      memberPage: MemberPageSource;
      teamMoney: TeamMoneySource;
      monthMoney: MonthMoneySource;
      memberMoney: MemberMoneySource;
      catalogue: ReportCatalogueSource;
    },
  ) {}

  /** Whether `memberId` is in `agentId`'s team (its whole subtree, the agent itself excluded). */
  async inTeam(agentId: string, memberId: string): Promise<boolean> {
    return agentId !== memberId && (await repository.inSubtree(this.db, agentId, memberId));
  }

  /**
   * Team betting: per downline who bet within the range, rounds, valid bets, wins and the result as a player, each
   * day counted for the agent whose team the member was in that day; optionally one game type, one vendor, one
   * member; a page in the order asked and the totals of every row.
   */
  async betting(agentId: string, query: TeamBettingQuery): Promise<TeamBettingPage> {
    const range = await this.reportRange(agentId, query);
    const filters = {
      ...(query.vendor !== undefined ? { vendorCode: query.vendor } : {}),
      ...(query.gameType !== undefined ? { gameType: query.gameType } : {}),
    };
    const [found, catalogue] = await Promise.all([
      this.bettingPage(agentId, query, range, filters),
      this.sources.catalogue(),
    ]);
    const money = (values: Record<string, bigint>) => ({
      betCount: Number(values.betCount ?? 0n),
      validBets: fromMinor(values.validBets ?? 0n),
      wins: fromMinor(values.wins ?? 0n),
      profitLoss: fromMinor(values.profitLoss ?? 0n),
    });
    return {
      list: found.rows.map((row) => ({ account: row.account, level: row.level, ...money(row.values) })),
      ...pageInfo(query, found.count),
      totals: money(found.totals),
      ...catalogue,
    };
  }

  /**
   * Team betting's rows: over a period the wallet keeps per-member rows for (no filter, one of its sort columns),
   * a page of them and the agent's totals, with the page members' accounts and levels; else the per-member report.
   */
  private async bettingPage(
    agentId: string,
    query: TeamBettingQuery,
    range: ReportRange,
    filters: { vendorCode?: string; gameType?: string },
  ) {
    const sort = ({ betCount: 'rounds', validBets: 'valid', wins: 'win', profitLoss: 'result' } as const)[
      query.sort as Exclude<TeamBettingSort, 'level'>
    ];
    const paged =
      sort !== undefined &&
      range.report.memberId === undefined &&
      filters.vendorCode === undefined &&
      filters.gameType === undefined
        ? await this.sources.memberPage(agentId, { range: range.play, keep: 'betting', sort, ...pageOf(query) })
        : null;
    if (paged) {
      const values = (f: PlayFigures) => ({
        betCount: f.rounds,
        validBets: f.stake - f.refund,
        wins: f.win,
        profitLoss: f.win - f.stake + f.refund,
      });
      const levels = await repository.levelsOnDays(this.db, {
        ...range.report,
        ids: paged.rows.map((row) => row.memberId),
      });
      return {
        count: paged.count,
        totals: values(paged.totals),
        rows: paged.rows.map((row) => {
          const member = levels.get(row.memberId);
          return { account: member?.account ?? '', level: member?.depth ?? 0, values: values(row) };
        }),
      };
    }
    return repository.memberReport(this.db, {
      ...range.report,
      sources: {
        play: (db, team) =>
          this.sources.memberPlay(
            db,
            team,
            { ...range.play, ...filters },
            range.report.memberId === undefined ? agentId : undefined,
          ),
      },
      columns: {
        betCount: sql`coalesce(play.rounds, 0)`,
        ...PLAY_COLUMNS,
        profitLoss: sql`coalesce(play.win_minor - ${valid}, 0)`,
      },
      keep: range.report.memberId
        ? sql`true`
        : sql`play.rounds > 0 OR play.stake_minor <> 0 OR play.refund_minor <> 0 OR play.win_minor <> 0`,
      sort: query.sort === 'level' ? 'depth' : query.sort,
      ...pageOf(query),
    });
  }

  /**
   * User profit and loss: per downline with any figure within the range, deposits, withdrawals, valid bets, wins,
   * bonuses and the result (wins plus bonuses less valid bets), counted by the tree as it stood each day.
   */
  async profitLoss(agentId: string, query: ProfitLossQuery): Promise<ProfitLossPage> {
    const range = await this.reportRange(agentId, query);
    const found =
      (await this.profitLossPage(agentId, query, range)) ?? (await this.profitLossReport(agentId, query, range));
    const money = (values: Record<string, bigint>) => ({
      deposits: fromMinor(values.deposits ?? 0n),
      withdrawals: fromMinor(values.withdrawals ?? 0n),
      validBets: fromMinor(values.validBets ?? 0n),
      wins: fromMinor(values.wins ?? 0n),
      bonuses: fromMinor(values.bonuses ?? 0n),
      profitLoss: fromMinor(values.profitLoss ?? 0n),
    });
    return {
      list: found.rows.map((row) => ({ account: row.account, level: row.level, ...money(row.values) })),
      ...pageInfo(query, found.count),
      totals: money(found.totals),
    };
  }

  /**
   * Profit and loss over a period the wallet keeps per-member rows for, sorted by a play figure: the wallet's page of
   * members with play, ranked with the members who only paid in or out (their play at zero, ranked among the page's
   * candidates by member id), and the money of the page's members. Over a month the payments module keeps rows for
   * (`rolled`), the members with money are an SQL relation the wallet's statement reads (thousands of them, never
   * sent here); otherwise the team's money per member is read and handed over. Null when the wallet has no rows for
   * the range (the per-member report is read).
   */
  private async profitLossPage(
    agentId: string,
    query: ProfitLossQuery,
    range: ReportRange,
    rolled = true,
  ): Promise<{
    count: number;
    totals: Record<string, bigint>;
    rows: { account: string; level: number; values: Record<string, bigint> }[];
  } | null> {
    const sort = ({ validBets: 'valid', wins: 'win', bonuses: 'bonus', profitLoss: 'net' } as const)[
      query.sort as 'validBets' | 'wins' | 'bonuses' | 'profitLoss'
    ];
    if (sort === undefined || range.report.memberId !== undefined) return null;
    const listed = rolled ? this.sources.monthMoney.members(agentId, query) : null;
    const teamMoney = listed ? null : await this.sources.teamMoney(agentId, query);
    // The first offset + size members with play: the page's candidates among them.
    const { order, offset, limit } = pageOf(query);
    const paged = await this.sources.memberPage(agentId, {
      range: range.play,
      keep: 'play',
      sort,
      order,
      offset: 0,
      limit: offset + limit,
      ...(listed ? { listed } : { members: [...(teamMoney?.keys() ?? [])] }),
    });
    if (!paged) return null;
    // Members with money and no play: all their play figures are zero, so the first of them by id are enough.
    const unplayed = teamMoney ? firstUnplayed(teamMoney, paged.played, offset + limit) : paged.unplayed;
    const none = { rounds: 0n, stake: 0n, refund: 0n, win: 0n, bonus: 0n };
    const play = (f: PlayFigures) => ({
      validBets: f.stake - f.refund,
      wins: f.win,
      bonuses: f.bonus,
      profitLoss: f.win + f.bonus - f.stake + f.refund,
    });
    const candidates = [
      ...paged.rows.map((row) => ({ memberId: row.memberId, values: play(row) })),
      ...unplayed.first.map((id) => ({ memberId: id, values: play(none) })),
    ];
    const key = query.sort as 'validBets' | 'wins' | 'bonuses' | 'profitLoss';
    const sign = query.order === 'asc' ? 1 : -1;
    candidates.sort((a, b) => {
      const x = a.values[key];
      const y = b.values[key];
      if (x !== y) return x < y ? -sign : sign;
      return BigInt(a.memberId) < BigInt(b.memberId) ? -1 : BigInt(a.memberId) > BigInt(b.memberId) ? 1 : 0;
    });
    const page = candidates.slice(offset, offset + limit);
    const ids = page.map((row) => row.memberId);
    const [levels, month] = await Promise.all([
      repository.levelsOnDays(this.db, { ...range.report, ids }),
      teamMoney ? null : this.sources.monthMoney.money(agentId, query, ids),
    ]);
    // The month's rows were not the agent's team as it stands (a move the roll-up has not read): read by time.
    if (!teamMoney && !month) return this.profitLossPage(agentId, query, range, false);
    const money = month?.members ?? teamMoney ?? new Map();
    let deposits = month?.deposits ?? 0n;
    let withdrawals = month?.withdrawals ?? 0n;
    for (const m of teamMoney?.values() ?? []) {
      deposits += m.deposits;
      withdrawals += m.withdrawals;
    }
    return {
      count: paged.count + unplayed.count,
      totals: { ...play(paged.totals), deposits, withdrawals },
      rows: page.map((row) => {
        const member = levels.get(row.memberId);
        return {
          account: member?.account ?? '',
          level: member?.depth ?? 0,
          values: {
            deposits: money.get(row.memberId)?.deposits ?? 0n,
            withdrawals: money.get(row.memberId)?.withdrawals ?? 0n,
            ...row.values,
          },
        };
      }),
    };
  }

  /** Profit and loss from the per-member report over the team of each day. */
  private profitLossReport(agentId: string, query: ProfitLossQuery, range: ReportRange) {
    return repository.memberReport(this.db, {
      ...range.report,
      sources: {
        play: (db, team) =>
          this.sources.memberPlay(db, team, range.play, range.report.memberId === undefined ? agentId : undefined),
        money: async (_db, team) => this.sources.memberMoney(team, query),
      },
      columns: {
        deposits: sql`coalesce(money.deposit_minor, 0)`,
        withdrawals: sql`coalesce(money.withdrawal_minor, 0)`,
        ...PLAY_COLUMNS,
        bonuses: sql`coalesce(play.bonus_minor, 0)`,
        profitLoss: sql`coalesce(play.win_minor + play.bonus_minor - ${valid}, 0)`,
      },
      keep: range.report.memberId
        ? sql`true`
        : sql`money.member_id IS NOT NULL OR play.rounds > 0 OR play.stake_minor <> 0 OR play.refund_minor <> 0
              OR play.win_minor <> 0 OR play.bonus_minor <> 0`,
      sort: query.sort === 'level' ? 'depth' : query.sort,
      ...pageOf(query),
    });
  }

  /** A report's days checked as the overview's, and the one member asked for found in the team of those days. */
  private async reportRange(agentId: string, query: MemberReportQuery) {
    daysOf(query);
    const { start, end } = rangeInstants(query);
    let memberId: string | undefined;
    if (query.account !== undefined) {
      memberId = await repository.teamMemberOnDays(this.db, {
        agentId,
        account: query.account,
        from: query.from,
        to: query.to,
        zone: BRAND_TIME_ZONE,
      });
      // A member of another team is answered exactly as one that does not exist.
      if (memberId === undefined) throw new AppError(404, 'NOT_FOUND');
    }
    return {
      report: {
        agentId,
        from: query.from,
        to: query.to,
        zone: BRAND_TIME_ZONE,
        ...(memberId !== undefined ? { memberId } : {}),
      },
      play: { from: query.from, to: query.to, today: today(), start, end },
    };
  }

  /** The team's figures over a range of brand-zone days: one query per figure family, for the days and the total. */
  async overview(agentId: string, range: DayRange): Promise<TeamOverview> {
    const days = daysOf(range);
    const { start, end } = rangeInstants(range);
    const [registered, payments, play] = await Promise.all([
      repository.registrations(this.db, agentId, { ...range, start, end }, BRAND_TIME_ZONE),
      this.sources.payments(agentId, range),
      this.sources.play(agentId, { from: range.from, to: range.to, today: today(), start, end }),
    ]);
    const figures = new Map<string | null, DayFigures>();
    const at = (day: string | null) => {
      const row = figures.get(day) ?? emptyDay();
      figures.set(day, row);
      return row;
    };
    for (const r of registered.days) at(r.day).newRegistrations = r.count;
    for (const p of payments) {
      Object.assign(at(p.day), {
        firstDeposits: p.firstDeposits,
        deposits: fromMinor(p.deposits),
        depositCount: p.depositCount,
        withdrawals: fromMinor(p.withdrawals),
        withdrawalCount: p.withdrawalCount,
      });
    }
    for (const p of play) {
      Object.assign(at(p.day), {
        activeMembers: p.activeMembers,
        validBets: fromMinor(p.validBets),
        bonuses: fromMinor(p.bonuses),
        profitLoss: fromMinor(p.wins - p.validBets),
      });
    }
    return {
      from: range.from,
      to: range.to,
      totals: { members: registered.members, ...(figures.get(null) ?? emptyDay()) },
      days: days.map((day) => ({ day, ...(figures.get(day) ?? emptyDay()) })),
    };
  }

  /** A page of the team: a member's direct downline (drill-down), or a search of the whole team by account. */
  async teamMembers(agentId: string, query: TeamMembersQuery): Promise<TeamMembersPage> {
    let selection: repository.TeamSelection;
    let path: string[] = [];
    if (query.account !== undefined) {
      selection = { agentId, prefix: query.account };
    } else if (query.under !== undefined) {
      const under = await repository.teamMember(this.db, agentId, query.under);
      // A member of another team is answered exactly as one that does not exist.
      if (!under) throw new AppError(404, 'NOT_FOUND');
      selection = { agentId, parentId: under.id };
      path = await repository.pathTo(this.db, agentId, under.id);
    } else {
      selection = { agentId, parentId: agentId };
    }
    const offset = (query.pageNo - 1) * query.pageSize;
    const [totalCount, ids] = await Promise.all([
      repository.countSelected(this.db, selection),
      query.sort === 'balance'
        ? this.pageByBalance(selection, query.order, query.pageSize, offset)
        : repository.pageOfSelected(this.db, selection, query.sort, query.order, query.pageSize, offset),
    ]);
    const [rows, balances] = await Promise.all([
      ids.length ? repository.teamRows(this.db, agentId, ids) : [],
      this.sources.balances(ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const list = ids.flatMap((id): TeamMember[] => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          account: row.account,
          nickname: row.nickname,
          type: row.type,
          level: row.depth,
          upline: row.upline ?? '',
          directCount: Number(row.direct_count ?? 0),
          teamSize: Number(row.team_size ?? 0),
          balance: fromMinor(balances.get(id) ?? 0n),
          status: row.status,
          createdAt: new Date(row.created_at).toISOString(),
          lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
        },
      ];
    });
    return {
      list,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / query.pageSize)),
      path,
    };
  }

  /**
   * The downline transaction details: deposits, withdrawals, transfers and adjustments of the team's cash, newest
   * first, over a range of brand-zone days checked as the overview's; optionally one type and one team member.
   */
  async transactions(agentId: string, query: TeamTransactionsQuery): Promise<TeamTransactionsPage> {
    daysOf(query);
    const { start, end } = rangeInstants(query);
    let memberId: string | undefined;
    if (query.account !== undefined) {
      const member = await repository.teamMember(this.db, agentId, query.account);
      // A member of another team is answered exactly as one that does not exist.
      if (!member) throw new AppError(404, 'NOT_FOUND');
      memberId = member.id;
    }
    const found = await this.sources.lines(agentId, {
      start,
      end,
      types: query.type ? [query.type] : TEAM_TRANSACTION_TYPES,
      ...(memberId !== undefined ? { memberId } : {}),
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    const ids = [...new Set(found.lines.map((line) => line.memberId))];
    // A withdrawal's request is posted under the request's key; its order number is the payments module's.
    const requests = found.lines.filter(
      (line) => line.type === 'withdrawal' && !line.reference.startsWith('withdrawal:'),
    );
    const [levels, orders] = await Promise.all([
      ids.length ? repository.levelsOf(this.db, agentId, ids) : [],
      this.sources.withdrawalOrders(requests.map((line) => line.entryId)),
    ]);
    const members = new Map(levels.map((row) => [row.id, row]));
    return {
      list: found.lines.flatMap((line) => {
        const member = members.get(line.memberId);
        if (!member) return [];
        const type = line.type as TeamTransactionType;
        return [
          {
            id: line.id,
            time: line.createdAt.toISOString(),
            account: member.account,
            level: member.depth,
            type,
            amount: fromMinor(line.amount),
            balanceAfter: fromMinor(line.balanceAfter),
            reference: referenceOf(type, line, orders),
          },
        ];
      }),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: found.count,
      totalPages: Math.max(1, Math.ceil(found.count / query.pageSize)),
      totalIn: fromMinor(found.totalIn),
      totalOut: fromMinor(found.totalOut),
    };
  }

  /**
   * The operator moves a member (and its whole team) under another agent. The tree and the history follow in the
   * database (triggers on members); the audit row commits with the move.
   */
  async moveUnder(account: string, uplineAccount: string, actor: { name: string; ip: string }) {
    const [member, upline] = await Promise.all([
      this.members.findByAccount(account),
      this.members.findByAccount(uplineAccount),
    ]);
    if (!member) throw new AppError(404, 'NOT_FOUND');
    if (!upline) throw new AppError(404, 'UPLINE_NOT_FOUND');
    if (!AGENT_TYPES.includes(upline.type)) throw new AppError(400, 'UPLINE_NOT_AGENT');
    if (await repository.inSubtree(this.db, member.id, upline.id)) throw new AppError(409, 'UPLINE_IN_OWN_TEAM');
    if (member.upline_id === upline.id) return { account: member.account, upline: upline.account };
    const previous = member.upline_id
      ? (await this.members.accountsOf([member.upline_id])).get(member.upline_id)
      : null;
    await this.db.transaction().execute(async (trx) => {
      const moved = await this.members.setUpline(trx, member.id, upline.id);
      if (moved === 'cycle') throw new AppError(409, 'UPLINE_IN_OWN_TEAM');
      await this.audit.record(trx, {
        actor: actor.name,
        ip: actor.ip,
        action: 'member.upline.move',
        detail: { account: member.account, from: previous ?? null, to: upline.account },
      });
    });
    return { account: member.account, upline: upline.account };
  }

  /** Orders by the wallet's balances: the selection's ids, their balances, sorted here (ties by account). */
  private async pageByBalance(
    selection: repository.TeamSelection,
    order: 'asc' | 'desc',
    limit: number,
    offset: number,
  ): Promise<string[]> {
    const all = await repository.allSelected(this.db, selection);
    const balances = await this.sources.balances(all.map((row) => row.id));
    const sign = order === 'asc' ? 1 : -1;
    all.sort((a, b) => {
      const x = balances.get(a.id) ?? 0n;
      const y = balances.get(b.id) ?? 0n;
      if (x !== y) return x < y ? -sign : sign;
      return a.account_key < b.account_key ? -1 : a.account_key > b.account_key ? 1 : 0;
    });
    return all.slice(offset, offset + limit).map((row) => row.id);
  }
}

/**
 * What the agent is shown of a line's journal reference: a withdrawal's order (`withdrawal:<order>`, as its payout
 * and refund are posted); an adjustment's reference carries the member's id and the operator's reason, internal
 * notes, so the agent sees only `adjustment`; deposits and transfers as posted (`deposit:<order>`,
 * `transfer:<from>><to>`).
 */
function referenceOf(
  type: TeamTransactionType,
  line: { entryId: string; reference: string },
  orders: Map<string, string>,
) {
  if (type === 'adjustment') return 'adjustment';
  const order = type === 'withdrawal' ? orders.get(line.entryId) : undefined;
  return order ? `withdrawal:${order}` : line.reference;
}

function pageOf(query: { order: 'asc' | 'desc'; pageNo: number; pageSize: number }) {
  return { order: query.order, limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize };
}

function pageInfo(query: { pageNo: number; pageSize: number }, count: number) {
  return {
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    totalCount: count,
    totalPages: Math.max(1, Math.ceil(count / query.pageSize)),
  };
}

function emptyDay(): DayFigures {
  return {
    newRegistrations: 0,
    activeMembers: 0,
    firstDeposits: 0,
    deposits: '0.00',
    depositCount: 0,
    withdrawals: '0.00',
    withdrawalCount: 0,
    validBets: '0.00',
    bonuses: '0.00',
    profitLoss: '0.00',
  };
}

/** Every day of the range, oldest first; a 400 for a range that is not real, reversed or too long. */
export function daysOf(range: DayRange): string[] {
  const from = parseDay(range.from) && dayNumber(range.from);
  const to = parseDay(range.to) && dayNumber(range.to);
  let problem: keyof typeof RANGE_PROBLEMS | null = null;
  if (from === null || to === null) problem = 'invalid';
  else if (to < from) problem = 'reversed';
  else if (to - from >= TEAM_RANGE_MAX_DAYS) problem = 'too_long';
  if (problem || from === null || to === null) throw new InvalidInput(RANGE_PROBLEMS[problem ?? 'invalid']);
  const days: string[] = [];
  for (let day = from; day <= to; day++) days.push(new Date(day * 86_400_000).toISOString().slice(0, 10));
  return days;
}

/** A calendar day as a count of days since 1970-01-01 (calendar arithmetic, no zone involved). */
function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** Of the members with money, those not in `played`: how many, and the first `first` by id. */
function firstUnplayed(money: Map<string, unknown>, played: Set<string>, first: number) {
  const ids = [...money.keys()]
    .filter((id) => !played.has(id))
    .map((id) => ({ id, key: BigInt(id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((member) => member.id);
  return { count: ids.length, first: ids.slice(0, first) };
}
