// Settling the contracts: a job per contract type and window computes every statement of the window from the teams'
// figures and pays each through the wallet, exactly once. The statement row (unique per contract and window) and its
// payment (the wallet's idempotency key is the contract and the window) commit together, so two nodes, a re-run or a
// crash halfway never pay twice; a window missed while no node ran is settled at the next start, oldest first, because
// each job first settles the earlier windows of its type that have no finished run.
import type { ContractType, DividendPeriod } from '@portal/shared/contracts';
import { fromMinor, toMinor } from '@portal/shared/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type JobWindow, type WindowSpec, windowAt, windowIndex } from '../../jobs/windows.ts';
import { dividendPeriodsEnding, type SettlementWindow } from './periods.ts';
import * as repository from './repository.ts';
import type { ContractSources } from './sources.ts';
import {
  type Carry,
  finishStatement,
  grossStatement,
  NO_CARRY,
  type Statement,
  type StatementSettings,
  type TeamWindow,
} from './statement.ts';
import { loadTerms, type Terms } from './terms.ts';

/** A window's job starts this long after the window ends, so that every posting made inside it has committed. */
export const SETTLE_DELAY_MS = 120_000;
/** A real-time round is judged by what it paid up to this long after its window: the same at every settlement. */
export const ROUND_CUTOFF_MS = 60_000;
/** Statements (and their payments) committed per transaction. */
const CHUNK = 200;
/** The id the what-if's contract goes by: it is never stored. */
const WHAT_IF = 'what-if';

export type ContractJobs = Record<ContractType, { kind: string; spec: WindowSpec }>;

/**
 * Each type's job and windows. The daily wage's day may be shortened for tests and demos; the dividend's periods are
 * always Dhaka days. The delay must exceed the real-time rounds' cut-off.
 */
export function contractJobs({ dailyWageWindowMs = 86_400_000, settleDelayMs = SETTLE_DELAY_MS } = {}): ContractJobs {
  // The setting is at least this; a direct caller may pass less, and the rounds' cut-off needs it.
  const delayMs = Math.max(settleDelayMs, ROUND_CUTOFF_MS + 1000);
  const day = { everyMs: 86_400_000, utcOffsetMinutes: 360, delayMs };
  return {
    realTimeSalary: { kind: 'contracts.real-time-salary', spec: { everyMs: 300_000, catchUp: 288, delayMs } },
    hourlySalary: { kind: 'contracts.hourly-salary', spec: { everyMs: 3_600_000, catchUp: 48, delayMs } },
    dailyWage: {
      kind: 'contracts.daily-wage',
      spec:
        dailyWageWindowMs === 86_400_000
          ? { ...day, catchUp: 31 }
          : { everyMs: dailyWageWindowMs, catchUp: 31, delayMs: Math.min(delayMs, dailyWageWindowMs - 1000) },
    },
    dividend: { kind: 'contracts.dividend', spec: { ...day, catchUp: 31 } },
  };
}

export const CONTRACT_JOBS = contractJobs();

export interface ComputedStatement {
  contract: repository.ContractRow;
  terms: Terms;
  carry: Carry;
  team: TeamWindow;
  statement: Statement;
}

export interface SettledSummary {
  windows: number;
  statements: number;
  paid: string;
}

export async function statementSettings(sources: ContractSources, type: ContractType): Promise<StatementSettings> {
  const settings = await sources.settings();
  return {
    platformFeeRate: Number(toMinor(settings.platformFeeRate)),
    depositFeeRate: Number(toMinor(settings.depositFeeRate)),
    withdrawalFeeRate: Number(toMinor(settings.withdrawalFeeRate)),
    minActiveMembers: settings.minActiveMembers[type],
    minPayout: toMinor(settings.minPayout),
  };
}

const carryOf = (row: repository.SettlementRow | undefined): Carry =>
  row ? { loss: BigInt(row.carried_loss_minor), pending: BigInt(row.pending_minor) } : NO_CARRY;

/**
 * Nothing happened and the statement only hands on what it was handed (most 5-minute windows of most teams): such a
 * window keeps no row, and the next one reads the carry from the last row kept.
 */
function isEmpty(computed: ComputedStatement): boolean {
  const { team, statement, carry } = computed;
  return (
    statement.paid === 0n &&
    statement.pending === carry.pending &&
    statement.carriedLoss === carry.loss &&
    team.validBets === 0n &&
    team.wins === 0n &&
    team.bonuses === 0n &&
    team.deposits === 0n &&
    team.withdrawals === 0n &&
    team.rounds.length === 0
  );
}

export class ContractSettlement {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sources: ContractSources,
    readonly jobs: ContractJobs = CONTRACT_JOBS,
  ) {}

  /** The job of a window: first the earlier windows of the type without a finished run (at most catch-up), then it. */
  async settleJobWindow(type: ContractType, window: Pick<JobWindow, 'start'>): Promise<SettledSummary> {
    const { kind, spec } = this.jobs[type];
    const index = windowIndex(spec, window.start.getTime());
    const last = await repository.lastRun(this.db, type);
    const first = last
      ? Math.max(windowIndex(spec, new Date(last.window_start).getTime()) + 1, index - spec.catchUp + 1)
      : index;
    const summary = { windows: 0, statements: 0, paid: 0n };
    for (let i = first; i <= index; i++) {
      const jobWindow = windowAt(kind, spec, i);
      const windows =
        type === 'dividend'
          ? dividendPeriodsEnding(jobWindow.start)
          : [{ key: jobWindow.key, start: jobWindow.start, end: jobWindow.end, period: null }];
      let statements = 0;
      let paid = 0n;
      for (const settlementWindow of windows) {
        const settled = await this.settleWindow(type, settlementWindow);
        statements += settled.statements;
        paid += settled.paid;
      }
      await repository.recordRun(this.db, {
        type,
        key: jobWindow.key,
        start: jobWindow.start,
        end: jobWindow.end,
        contracts: statements,
        paid,
      });
      summary.windows++;
      summary.statements += statements;
      summary.paid += paid;
    }
    return { windows: summary.windows, statements: summary.statements, paid: fromMinor(summary.paid) };
  }

  /** Stores and pays a window's statements; those stored before (by another node, or an earlier run) are skipped. */
  async settleWindow(type: ContractType, window: SettlementWindow): Promise<{ statements: number; paid: bigint }> {
    const computed = (await this.statements(type, window)).filter((c) => !isEmpty(c));
    let statements = 0;
    let paid = 0n;
    for (let i = 0; i < computed.length; i += CHUNK) {
      const chunk = computed.slice(i, i + CHUNK);
      const payees = chunk.filter((c) => c.statement.paid > 0n).map((c) => c.contract.holder_id);
      const stored = await this.sources.payments(payees, async ({ trx, pay }) => {
        let count = 0;
        let sum = 0n;
        for (const { contract, statement } of chunk) {
          const id = await repository.insertSettlement(trx, {
            contractId: contract.id,
            holderId: contract.holder_id,
            type,
            window,
            lines: JSON.stringify(statement.lines),
            carriedLoss: statement.carriedLoss,
            pending: statement.pending,
          });
          if (!id) continue;
          count++;
          if (statement.paid > 0n) {
            const entryId = await pay({
              memberId: contract.holder_id,
              amountMinor: statement.paid,
              type: type === 'dividend' ? 'dividend' : 'salary',
              reference: `contract:${contract.id}:${window.key}`,
              idempotencyKey: `contract-pay:${contract.id}:${window.key}`,
            });
            await repository.setSettlementPaid(trx, id, statement.paid, entryId);
            sum += statement.paid;
          }
        }
        return { count, sum };
      });
      statements += stored.count;
      paid += stored.sum;
    }
    return { statements, paid };
  }

  /**
   * Every statement of a window, computed and not stored. `only` narrows it to one holder (with these terms in place
   * of its own, or as a new contract from `offererId`) and the contracts it offered, whose shares it pays: the what-if.
   */
  async statements(
    type: ContractType,
    window: SettlementWindow,
    only?: { holderId: string; offererId: string | null; terms: Terms },
  ): Promise<ComputedStatement[]> {
    let contracts = (await repository.inForce(this.db, type, window.end)).map((contract) => ({
      contract,
      terms: loadTerms(type, contract.terms),
    }));
    if (window.period)
      contracts = contracts.filter((c) => c.terms.type === 'dividend' && c.terms.period === window.period);
    if (only) {
      contracts = contracts.filter((c) => c.contract.offerer_id === only.holderId);
      contracts.push({
        contract: {
          id: WHAT_IF,
          type,
          holder_id: only.holderId,
          offerer_id: only.offererId,
          terms: null,
          state: 'active',
          offered_at: window.start,
          accepted_at: window.start,
          ended_at: null,
          end_reason: null,
        },
        terms: only.terms,
      });
    }
    if (contracts.length === 0) return [];

    const holders = [...new Set(contracts.map((c) => c.contract.holder_id))];
    const cutoff = new Date(window.end.getTime() + ROUND_CUTOFF_MS);
    const [play, cash, rounds, previous] = await Promise.all([
      this.sources.play(holders, window.start, window.end),
      type === 'dividend' ? this.sources.cashFlow(holders, window.start, window.end) : new Map(),
      type === 'realTimeSalary' ? this.sources.rounds(holders, window.start, window.end, cutoff) : new Map(),
      repository.latestSettlements(
        this.db,
        contracts.map((c) => c.contract.id).filter((id) => id !== WHAT_IF),
        window.start,
      ),
    ]);
    if (only) {
      const own = await this.carryOfHolder(only.holderId, type, window.start);
      if (own) previous.set(WHAT_IF, own);
    }
    const settings = await statementSettings(this.sources, type);

    const grossed = contracts.map(({ contract, terms }) => {
      const teamPlay = play.get(contract.holder_id);
      const teamCash = cash.get(contract.holder_id);
      const team: TeamWindow = {
        validBets: teamPlay?.validBets ?? 0n,
        wins: teamPlay?.wins ?? 0n,
        bonuses: teamPlay?.bonuses ?? 0n,
        deposits: teamCash?.deposits ?? 0n,
        withdrawals: teamCash?.withdrawals ?? 0n,
        activeMembers: teamPlay?.activeMembers ?? 0,
        rounds: rounds.get(contract.holder_id) ?? [],
      };
      const carry = carryOf(previous.get(contract.id));
      return { contract, terms, team, carry, gross: grossStatement(terms, team, settings, carry) };
    });

    // What the contracts a member offered earn comes off the member's own: the platform pays each holder its share.
    const shares = new Map<string, bigint>();
    for (const { contract, gross } of grossed) {
      if (contract.offerer_id) shares.set(contract.offerer_id, (shares.get(contract.offerer_id) ?? 0n) + gross.gross);
    }
    return grossed.map(({ contract, terms, team, carry, gross }) => ({
      contract,
      terms,
      team,
      carry,
      statement: finishStatement(gross, shares.get(contract.holder_id) ?? 0n, carry, settings.minPayout),
    }));
  }

  /** For the what-if: what the holder's own contract of the type carried into `start`, if it had one then. */
  private async carryOfHolder(holderId: string, type: ContractType, start: Date) {
    const own = (await repository.inForce(this.db, type, start)).find((c) => c.holder_id === holderId);
    if (!own) return undefined;
    return (await repository.latestSettlements(this.db, [own.id], start)).get(own.id);
  }

  /** The window a what-if recomputes: the newest that has ended (for a dividend, the newest period of its kind). */
  lastEndedWindow(type: ContractType, period: DividendPeriod | null, now = Date.now()): SettlementWindow {
    const { kind, spec } = this.jobs[type];
    const last = windowAt(kind, spec, windowIndex(spec, now) - 1);
    if (type !== 'dividend' || !period) return { key: last.key, start: last.start, end: last.end, period: null };
    for (let back = 0; back < 40; back++) {
      const day = windowAt(kind, spec, windowIndex(spec, now) - 1 - back);
      const match = dividendPeriodsEnding(day.start).find((w) => w.period === period);
      if (match) return match;
    }
    throw new Error(`no ${period} dividend period ended in the last 40 days`);
  }
}
