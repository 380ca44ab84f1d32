// The wallet side of the agents' contract settlements (issue 29): each contract holder's team's play in a window,
// read from the journal of the members' cash accounts for every holder in one query, and the team's rounds for the
// real-time salary. The teams are the agents module's published `agent_teams(agents)` function. Amounts in minor
// units. A window is every line with `created_at` in [start, end): the journal is append-only, so a past window reads
// the same at every settlement, and a statement can be recomputed by anyone.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface TeamPlayWindow {
  validBets: bigint;
  wins: bigint;
  /** Bonuses and rebates credited, and operators' credits (positive adjustments). */
  bonuses: bigint;
  activeMembers: number;
}

export interface TeamRound {
  stake: bigint;
  payout: bigint;
}

export interface TeamBetLine {
  id: string;
  time: Date;
  memberId: string;
  type: 'bet' | 'win' | 'refund';
  amount: bigint;
  reference: string;
}

export class WalletContractWindows {
  constructor(private readonly db: Kysely<Database>) {}

  /** Each holder's team's stakes, payouts, bonuses and active members in [start, end). */
  async play(
    holderIds: readonly string[],
    start: Date,
    end: Date,
    currency: string,
  ): Promise<Map<string, TeamPlayWindow>> {
    const result = new Map<string, TeamPlayWindow>();
    if (holderIds.length === 0) return result;
    const { rows } = await sql<{ agent_id: string; bets: string; wins: string; bonuses: string; active: string }>`
      WITH teams AS (SELECT agent_id, member_id FROM agent_teams(${[...holderIds]}::bigint[])),
      members AS (
        SELECT a.member_id,
               coalesce(-sum(l.amount_minor) FILTER (WHERE e.type = 'bet'), 0)
                 - coalesce(sum(l.amount_minor) FILTER (WHERE e.type = 'refund'), 0) AS bets,
               coalesce(sum(l.amount_minor) FILTER (WHERE e.type = 'win'), 0) AS wins,
               coalesce(sum(l.amount_minor) FILTER (WHERE e.type IN ('bonus', 'rebate')
                                                    OR (e.type = 'adjustment' AND l.amount_minor > 0)), 0) AS bonuses,
               bool_or(e.type = 'bet') AS active
          FROM ledger_accounts a
          JOIN journal_lines l ON l.account_id = a.id AND l.created_at >= ${start} AND l.created_at < ${end}
          JOIN journal_entries e ON e.id = l.entry_id
         WHERE a.member_id IN (SELECT member_id FROM teams) AND a.kind = 'member_cash' AND a.currency = ${currency}
           AND e.type IN ('bet', 'win', 'refund', 'bonus', 'rebate', 'adjustment')
         GROUP BY a.member_id)
      SELECT t.agent_id, sum(m.bets)::bigint AS bets, sum(m.wins)::bigint AS wins,
             sum(m.bonuses)::bigint AS bonuses, count(*) FILTER (WHERE m.active) AS active
        FROM teams t JOIN members m ON m.member_id = t.member_id
       GROUP BY t.agent_id`.execute(this.db);
    for (const row of rows) {
      result.set(String(row.agent_id), {
        validBets: BigInt(row.bets),
        wins: BigInt(row.wins),
        bonuses: BigInt(row.bonuses),
        activeMembers: Number(row.active),
      });
    }
    return result;
  }

  /**
   * Each holder's team's rounds staked in [start, end), with what each paid (wins and refunds) up to `cutoff`: a round
   * is judged once, by what was known a fixed time after its window, so that every settlement of the window agrees.
   */
  async rounds(
    holderIds: readonly string[],
    start: Date,
    end: Date,
    cutoff: Date,
    currency: string,
  ): Promise<Map<string, TeamRound[]>> {
    const result = new Map<string, TeamRound[]>();
    if (holderIds.length === 0) return result;
    const { rows } = await sql<{ agent_id: string; stake: string; payout: string }>`
      WITH teams AS (SELECT agent_id, member_id FROM agent_teams(${[...holderIds]}::bigint[])),
      rounds AS (
        SELECT a.member_id,
               -sum(l.amount_minor) FILTER (WHERE e.type = 'bet' AND l.created_at < ${end}) AS stake,
               coalesce(sum(l.amount_minor) FILTER (WHERE e.type IN ('win', 'refund')), 0) AS payout
          FROM ledger_accounts a
          JOIN journal_lines l ON l.account_id = a.id AND l.created_at >= ${start} AND l.created_at < ${cutoff}
          JOIN journal_entries e ON e.id = l.entry_id
         WHERE a.member_id IN (SELECT member_id FROM teams) AND a.kind = 'member_cash' AND a.currency = ${currency}
           AND e.type IN ('bet', 'win', 'refund')
         GROUP BY a.member_id, e.reference
        HAVING sum(l.amount_minor) FILTER (WHERE e.type = 'bet' AND l.created_at < ${end}) IS NOT NULL)
      SELECT t.agent_id, r.stake::bigint AS stake, r.payout::bigint AS payout
        FROM teams t JOIN rounds r ON r.member_id = t.member_id`.execute(this.db);
    for (const row of rows) {
      const key = String(row.agent_id);
      const list = result.get(key) ?? [];
      list.push({ stake: BigInt(row.stake), payout: BigInt(row.payout) });
      result.set(key, list);
    }
    return result;
  }

  /** A page of the team's bet, win and refund lines in [start, end), oldest first: the bets behind a statement. */
  async betLines(
    holderId: string,
    start: Date,
    end: Date,
    currency: string,
    page: { limit: number; offset: number },
  ): Promise<{ lines: TeamBetLine[]; count: number }> {
    const lines = this.db
      .selectFrom('ledger_accounts as a')
      .innerJoin('journal_lines as l', 'l.account_id', 'a.id')
      .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
      .where('a.member_id', 'in', sql<string>`(SELECT member_id FROM agent_team(${holderId}::bigint))`)
      .where('a.kind', '=', 'member_cash')
      .where('a.currency', '=', currency)
      .where('l.created_at', '>=', start)
      .where('l.created_at', '<', end)
      .where('e.type', 'in', ['bet', 'win', 'refund']);
    const [count, rows] = await Promise.all([
      lines.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      lines
        .select(['l.id', 'l.created_at', 'a.member_id', 'e.type', 'l.amount_minor', 'e.reference'])
        .orderBy('l.created_at')
        .orderBy('l.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
    ]);
    return {
      count: Number(count.n),
      lines: rows.map((row) => ({
        id: String(row.id),
        time: new Date(row.created_at),
        memberId: String(row.member_id),
        type: row.type as TeamBetLine['type'],
        amount: BigInt(row.amount_minor),
        reference: row.reference,
      })),
    };
  }
}
