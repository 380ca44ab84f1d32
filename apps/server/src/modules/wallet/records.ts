// The member centre's records, read from the journal: the account record, the bet record and the personal profit.
import type { Language } from '@portal/shared/constants';
import { BRAND_TIME_ZONE, type DayRange, MAX_RANGE_DAYS, rangeInstants, rangeProblem } from '@portal/shared/date-range';
import { fromMinor } from '@portal/shared/money';
import type { AccountRecord, BetRecord, Page, PersonalProfit, ProfitDay, RecordType } from '@portal/shared/wallet';
import { type Kysely, sql } from 'kysely';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import type { Database } from '../../db/schema.ts';
import { InvalidInput } from '../../http/errors.ts';
import { offsetOf, type PageRequest } from '../../http/pages.ts';

/** Entry types that pay the member something for playing: counted as bonuses in the profit. */
const BONUS_TYPES = ['bonus', 'rebate', 'salary', 'dividend'] as const;
const BET_TYPES = ['bet', 'win', 'refund'] as const;
const PROFIT_TYPES = [...BET_TYPES, ...BONUS_TYPES, 'deposit', 'withdrawal'] as const;

const RANGE_PROBLEMS = {
  invalid: 'from and to must be real days (yyyy-MM-dd)',
  reversed: 'from must not be after to',
  too_long: `the range may cover at most ${MAX_RANGE_DAYS} days`,
} as const;

/**
 * Read-only views of a member's cash account. Every query starts from the member's one cash account and its lines
 * in a time range, so it walks the index journal_lines (account_id, created_at DESC) and joins each line's entry by
 * primary key; nothing scans the whole journal.
 *
 * Bets are grouped by the entry reference. The convention for games: a bet is posted with the reference
 * `bet:<id>`, and its win and its refund are posted with the same reference, so the three entries of one round
 * share it. A round belongs to the range its bet was placed in; its wins and refunds count whenever they were
 * posted after the range began (a win never precedes its bet).
 */
export class RecordsService {
  constructor(
    private readonly db: Kysely<Database>,
    /** The games catalogue's names of games and vendors (passed in by app.ts: the wallet does not read the catalogue). */
    private readonly names: GameNames,
    /**
     * Of some bet-record references, those another module has closed with no money moved (the lottery's settled
     * draws, where a lost bet is paid nothing), passed in by app.ts.
     */
    private readonly closedElsewhere: (references: readonly string[]) => Promise<Set<string>> = async () => new Set(),
  ) {}

  /** The lines of the member's cash account, newest first, optionally of one entry type. */
  async accountRecords(
    memberId: string,
    days: DayRange,
    page: PageRequest,
    type?: RecordType,
  ): Promise<Page<AccountRecord>> {
    const { start, end } = instantsOf(days);
    const account = await this.cashAccount(memberId);
    if (!account) return emptyPage(page);

    let lines = this.db
      .selectFrom('journal_lines as l')
      .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
      .where('l.account_id', '=', account)
      .where('l.created_at', '>=', start)
      .where('l.created_at', '<', end);
    if (type) lines = lines.where('e.type', '=', type);

    const [count, rows] = await Promise.all([
      lines.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      lines
        .select(['l.id', 'l.created_at', 'l.amount_minor', 'l.balance_after_minor', 'e.type', 'e.reference'])
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(page.pageSize)
        .offset(offsetOf(page))
        .execute(),
    ]);
    return recordPage(
      page,
      Number(count.n),
      rows.map((r) => ({
        id: r.id,
        time: new Date(r.created_at).toISOString(),
        type: r.type as RecordType,
        amount: fromMinor(BigInt(r.amount_minor)),
        // Member accounts always keep a running balance, so every one of their lines has it.
        balanceAfter: fromMinor(BigInt(r.balance_after_minor ?? '0')),
        reference: r.reference,
      })),
    );
  }

  /** Rounds placed in the range, newest first, with their game, vendor, stake, payout and state. */
  async betRecords(memberId: string, days: DayRange, page: PageRequest, language: Language): Promise<Page<BetRecord>> {
    const { start, end } = instantsOf(days);
    const account = await this.cashAccount(memberId);
    if (!account) return emptyPage(page);

    const placed = this.db
      .selectFrom('journal_lines as l')
      .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
      .where('l.account_id', '=', account)
      .where('l.created_at', '>=', start)
      .where('l.created_at', '<', end)
      .where('e.type', '=', 'bet');

    const [count, rounds] = await Promise.all([
      placed.select(sql<string>`count(DISTINCT e.reference)`.as('n')).executeTakeFirstOrThrow(),
      placed
        .select(['e.reference', sql<Date>`min(l.created_at)`.as('time')])
        .groupBy('e.reference')
        .orderBy('time', 'desc')
        .orderBy(sql`min(l.id)`, 'desc')
        .limit(page.pageSize)
        .offset(offsetOf(page))
        .execute(),
    ]);
    const total = Number(count.n);
    if (rounds.length === 0) return recordPage(page, total, []);

    const references = rounds.map((r) => r.reference);
    // The bet record's reference of a vendor round, as the seamless calls post it.
    const roundReference = sql<string>`'bet:' || vendor_code || ':' || round_id`;
    const [sums, closed, roundsPlayed, closedElsewhere] = await Promise.all([
      this.db
        .selectFrom('journal_lines as l')
        .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
        .where('l.account_id', '=', account)
        .where('l.created_at', '>=', start)
        .where('e.type', 'in', BET_TYPES)
        .where('e.reference', 'in', references)
        .select([
          'e.reference',
          sumOf('bet').as('bets'),
          sumOf('win').as('wins'),
          sumOf('refund').as('refunds'),
          sql<string>`count(*) FILTER (WHERE e.type = 'win')`.as('win_count'),
          sql<string>`count(*) FILTER (WHERE e.type = 'refund')`.as('refund_count'),
        ])
        .groupBy('e.reference')
        .execute(),
      // A vendor closes a lost round with a win of 0.00, which moves no money: the closed round says it is settled.
      this.db
        .selectFrom('vendor_rounds')
        .select(roundReference.as('reference'))
        .where('member_id', '=', memberId)
        .where(roundReference, 'in', references)
        .execute(),
      this.vendorRounds(memberId, references, language),
      this.closedElsewhere(references),
    ]);
    const byReference = new Map(sums.map((s) => [s.reference, s]));
    const closedReferences = new Set([...closed.map((row) => row.reference), ...closedElsewhere]);

    return recordPage(
      page,
      total,
      rounds.map((round) => {
        const s = byReference.get(round.reference);
        const stake = -BigInt(s?.bets ?? '0');
        const payout = BigInt(s?.wins ?? '0') + BigInt(s?.refunds ?? '0');
        const status: BetRecord['status'] =
          Number(s?.refund_count ?? 0) > 0
            ? 'refunded'
            : Number(s?.win_count ?? 0) > 0 || closedReferences.has(round.reference)
              ? 'settled'
              : 'open';
        const played = roundsPlayed.get(round.reference);
        return {
          reference: round.reference,
          gameName: played?.gameName ?? null,
          nodeId: played?.nodeId ?? null,
          vendorCode: played?.vendorCode ?? null,
          vendorName: played?.vendorName ?? null,
          roundId: played?.roundId ?? null,
          time: new Date(round.time).toISOString(),
          stake: fromMinor(stake),
          payout: fromMinor(payout),
          net: fromMinor(payout - stake),
          status,
        };
      }),
    );
  }

  /** Per brand-zone day with activity (newest first) and over the whole range: what was staked, won and paid. */
  async profit(memberId: string, days: DayRange): Promise<PersonalProfit> {
    const { start, end } = instantsOf(days);
    const account = await this.cashAccount(memberId);
    const rows = account
      ? await this.db
          .selectFrom('journal_lines as l')
          .innerJoin('journal_entries as e', 'e.id', 'l.entry_id')
          .where('l.account_id', '=', account)
          .where('l.created_at', '>=', start)
          .where('l.created_at', '<', end)
          .where('e.type', 'in', PROFIT_TYPES)
          .select([
            brandDay.as('day'),
            sumOf('bet').as('bets'),
            sumOf('win').as('wins'),
            sumOf('refund').as('refunds'),
            sumOf(...BONUS_TYPES).as('bonuses'),
            sumOf('deposit').as('deposits'),
            sumOf('withdrawal').as('withdrawals'),
          ])
          .groupBy(brandDay)
          .orderBy('day', 'desc')
          .execute()
      : [];

    const totals = { bets: 0n, wins: 0n, refunds: 0n, bonuses: 0n, deposits: 0n, withdrawals: 0n };
    const list = rows.map((r) => {
      // Stakes and withdrawals leave the account (negative lines) and are shown as positive amounts.
      const day = {
        bets: -BigInt(r.bets),
        wins: BigInt(r.wins),
        refunds: BigInt(r.refunds),
        bonuses: BigInt(r.bonuses),
        deposits: BigInt(r.deposits),
        withdrawals: -BigInt(r.withdrawals),
      };
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += day[key];
      return { date: r.day, ...profitOf(day) };
    });
    return { days: list, totals: profitOf(totals) };
  }

  /**
   * The vendor's round behind each `bet:<vendor>:<round>` reference: the vendor, the round and the game its bet named,
   * with the game's and the vendor's names. A bet of another kind has no entry.
   */
  private async vendorRounds(
    memberId: string,
    references: string[],
    language: Language,
  ): Promise<Map<string, Omit<BetRecordGame, 'reference'>>> {
    const parsed = references.flatMap((reference) => {
      const round = parseRoundReference(reference);
      return round ? [{ reference, ...round }] : [];
    });
    if (parsed.length === 0) return new Map();
    // The bet rows of those rounds (the index on vendor, member and round of bets): the game each bet named.
    const bets = await this.db
      .selectFrom('vendor_transactions')
      .select(['vendor_code', 'round_id', 'node_id'])
      .where('kind', '=', 'bet')
      .where('member_id', '=', memberId)
      .where((eb) =>
        eb.or(
          parsed.map((round) => eb.and([eb('vendor_code', '=', round.vendorCode), eb('round_id', '=', round.roundId)])),
        ),
      )
      .execute();
    const nodeOf = new Map<string, string>();
    for (const bet of bets) {
      const key = `bet:${bet.vendor_code}:${bet.round_id}`;
      if (bet.node_id && !nodeOf.has(key)) nodeOf.set(key, bet.node_id);
    }
    const names = await this.names(
      { nodeIds: [...new Set(nodeOf.values())], vendorCodes: [...new Set(parsed.map((round) => round.vendorCode))] },
      language,
    );
    return new Map(
      parsed.map((round) => {
        const nodeId = nodeOf.get(round.reference) ?? null;
        return [
          round.reference,
          {
            gameName: nodeId ? (names.games.get(nodeId) ?? null) : null,
            nodeId,
            vendorCode: round.vendorCode,
            vendorName: names.vendors.get(round.vendorCode) ?? round.vendorCode,
            roundId: round.roundId,
          },
        ];
      }),
    );
  }

  /** The member's cash account, without opening one: a member who never had money has no records. */
  private async cashAccount(memberId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'member_cash')
      .where('currency', '=', REAL_CURRENCY)
      .executeTakeFirst();
    return row?.id ?? null;
  }
}

/** Names of games (by node id, in a language) and of vendors (by code), as the games catalogue keeps them. */
export type GameNames = (
  query: { nodeIds: string[]; vendorCodes: string[] },
  language: Language,
) => Promise<{ games: Map<string, string>; vendors: Map<string, string> }>;

type BetRecordGame = Pick<BetRecord, 'reference' | 'gameName' | 'nodeId' | 'vendorCode' | 'vendorName' | 'roundId'>;

/** `bet:<vendor>:<round>` (as the seamless wallet posts a vendor's round) as its vendor and round; null otherwise. */
export function parseRoundReference(reference: string): { vendorCode: string; roundId: string } | null {
  const match = /^bet:([^:]+):(.+)$/.exec(reference);
  return match ? { vendorCode: match[1]!, roundId: match[2]! } : null;
}

/** The day of a line in the brand's zone. The zone is a constant, inlined so the same text can be grouped by. */
const brandDay = sql<string>`to_char((l.created_at AT TIME ZONE ${sql.lit(BRAND_TIME_ZONE)})::date, 'YYYY-MM-DD')`;

/** The sum of the lines of some entry types, as a bigint string (0 when there are none). */
function sumOf(...types: string[]) {
  const list = sql.join(types.map((t) => sql.lit(t)));
  return sql<string>`coalesce(sum(l.amount_minor) FILTER (WHERE e.type IN (${list})), 0)::bigint`;
}

function profitOf(day: Record<'bets' | 'wins' | 'refunds' | 'bonuses' | 'deposits' | 'withdrawals', bigint>) {
  return {
    bets: fromMinor(day.bets),
    wins: fromMinor(day.wins),
    refunds: fromMinor(day.refunds),
    bonuses: fromMinor(day.bonuses),
    deposits: fromMinor(day.deposits),
    withdrawals: fromMinor(day.withdrawals),
    profit: fromMinor(day.wins + day.refunds + day.bonuses - day.bets),
  } satisfies Omit<ProfitDay, 'date'>;
}

function instantsOf(days: DayRange): { start: Date; end: Date } {
  const problem = rangeProblem(days);
  if (problem) throw new InvalidInput(RANGE_PROBLEMS[problem]);
  return rangeInstants(days);
}

/** Records count an empty range as no pages at all (order and member lists count it as one empty page). */
function recordPage<T>(page: PageRequest, total: number, list: T[]): Page<T> {
  return { list, pageNo: page.pageNo, pageSize: page.pageSize, total, totalPages: Math.ceil(total / page.pageSize) };
}

function emptyPage<T>(page: PageRequest): Page<T> {
  return recordPage<T>(page, 0, []);
}
