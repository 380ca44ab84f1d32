// The contracts module's tables: contracts with their events, the statement of each settled window, and the job
// windows each settlement finished.
import type { ContractEndReason, ContractState, ContractType } from '@portal/shared/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database>;

const CONTRACT_COLUMNS = [
  'id',
  'type',
  'holder_id',
  'offerer_id',
  'terms',
  'state',
  'offered_at',
  'accepted_at',
  'ended_at',
  'end_reason',
] as const;

export interface ContractRow {
  id: string;
  type: ContractType;
  holder_id: string;
  offerer_id: string | null;
  terms: unknown;
  state: ContractState;
  offered_at: Date;
  accepted_at: Date | null;
  ended_at: Date | null;
  end_reason: ContractEndReason | null;
}

const asRow = (row: unknown) => row as ContractRow;

export async function insertContract(
  db: Executor,
  contract: { type: ContractType; holderId: string; offererId: string | null; terms: string; state: ContractState },
): Promise<ContractRow> {
  const row = await db
    .insertInto('agent_contracts')
    .values({
      type: contract.type,
      holder_id: contract.holderId,
      offerer_id: contract.offererId,
      terms: contract.terms,
      state: contract.state,
      accepted_at: contract.state === 'active' ? sql<Date>`now()` : null,
    })
    .returning(CONTRACT_COLUMNS)
    .executeTakeFirstOrThrow();
  return asRow(row);
}

export async function insertEvent(
  db: Executor,
  event: {
    contractId: string;
    state: ContractState;
    reason: ContractEndReason | null;
    actorId: string | null;
    actorName: string | null;
  },
) {
  await db
    .insertInto('agent_contract_events')
    .values({
      contract_id: event.contractId,
      state: event.state,
      reason: event.reason,
      actor_id: event.actorId,
      actor_name: event.actorId ? null : (event.actorName ?? 'system'),
    })
    .execute();
}

export async function findContract(db: Executor, id: string, lock = false): Promise<ContractRow | undefined> {
  let query = db.selectFrom('agent_contracts').select(CONTRACT_COLUMNS).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ContractRow | undefined;
}

/** The holder's contract of the type in a state (active or offered: at most one each). */
export async function holderContract(
  db: Executor,
  holderId: string,
  type: ContractType,
  state: 'active' | 'offered',
  lock = false,
): Promise<ContractRow | undefined> {
  let query = db
    .selectFrom('agent_contracts')
    .select(CONTRACT_COLUMNS)
    .where('holder_id', '=', holderId)
    .where('type', '=', type)
    .where('state', '=', state);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) as ContractRow | undefined;
}

/** The holder's contracts of the type: the current ones first, then the ended ones, newest first. */
export async function holderContracts(db: Executor, holderId: string, type: ContractType, limit: number) {
  const rows = await db
    .selectFrom('agent_contracts')
    .select(CONTRACT_COLUMNS)
    .where('holder_id', '=', holderId)
    .where('type', '=', type)
    .orderBy(sql`state IN ('offered', 'active')`, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(asRow);
}

/** The contracts a member offered of the type that are still offered or active. */
export async function offeredBy(db: Executor, offererId: string, type: ContractType, lock = false) {
  let query = db
    .selectFrom('agent_contracts')
    .select(CONTRACT_COLUMNS)
    .where('offerer_id', '=', offererId)
    .where('type', '=', type)
    .where('state', 'in', ['offered', 'active'])
    .orderBy('id', 'desc');
  if (lock) query = query.forUpdate();
  return (await query.execute()).map(asRow);
}

/** Top agents' contracts the platform offered, for the operator. */
export async function platformContracts(db: Executor, limit: number) {
  const rows = await db
    .selectFrom('agent_contracts')
    .select(CONTRACT_COLUMNS)
    .where('offerer_id', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(asRow);
}

export async function eventsOf(db: Executor, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('agent_contract_events')
    .select(['contract_id', 'state', 'reason', 'actor_id', 'actor_name', 'at'])
    .where('contract_id', 'in', [...contractIds])
    .orderBy('id')
    .execute();
}

export async function activate(db: Executor, id: string) {
  await db
    .updateTable('agent_contracts')
    .set({ state: 'active', accepted_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function end(db: Executor, id: string, state: 'rejected' | 'terminated', reason: ContractEndReason) {
  await db
    .updateTable('agent_contracts')
    .set({ state, end_reason: reason, ended_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The contracts of a type in force at an instant: accepted by then and not ended by then. */
export async function inForce(db: Executor, type: ContractType, at: Date): Promise<ContractRow[]> {
  const rows = await db
    .selectFrom('agent_contracts')
    .select(CONTRACT_COLUMNS)
    .where('type', '=', type)
    .where('accepted_at', 'is not', null)
    .where('accepted_at', '<=', at)
    .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', at)]))
    .execute();
  return rows.map(asRow);
}

export interface SettlementRow {
  id: string;
  contract_id: string;
  holder_id: string;
  type: ContractType;
  window_key: string;
  window_start: Date;
  window_end: Date;
  lines: unknown;
  paid_minor: string;
  carried_loss_minor: string;
  pending_minor: string;
  entry_id: string | null;
  settled_at: Date;
}

const SETTLEMENT_COLUMNS = [
  'id',
  'contract_id',
  'holder_id',
  'type',
  'window_key',
  'window_start',
  'window_end',
  'lines',
  'paid_minor',
  'carried_loss_minor',
  'pending_minor',
  'entry_id',
  'settled_at',
] as const;

/** Each contract's newest statement of a window that ended by `before`: what it carries into the next. */
export async function latestSettlements(db: Executor, contractIds: readonly string[], before: Date) {
  if (contractIds.length === 0) return new Map<string, SettlementRow>();
  const { rows } = await sql<SettlementRow>`
    SELECT DISTINCT ON (contract_id) ${sql.join(SETTLEMENT_COLUMNS.map((c) => sql.ref(c)))}
      FROM agent_contract_settlements
     WHERE contract_id = ANY (${[...contractIds]}::bigint[]) AND window_end <= ${before}
     ORDER BY contract_id, window_end DESC`.execute(db);
  return new Map(rows.map((row) => [String(row.contract_id), row]));
}

/** Stores a statement unless the contract's window has one; returns its id, or null when it had. */
export async function insertSettlement(
  db: Executor,
  row: {
    contractId: string;
    holderId: string;
    type: ContractType;
    window: { key: string; start: Date; end: Date };
    lines: string;
    carriedLoss: bigint;
    pending: bigint;
  },
): Promise<string | null> {
  const inserted = await db
    .insertInto('agent_contract_settlements')
    .values({
      contract_id: row.contractId,
      holder_id: row.holderId,
      type: row.type,
      window_key: row.window.key,
      window_start: row.window.start,
      window_end: row.window.end,
      lines: row.lines,
      // Stored unpaid: a row says it paid only together with the wallet entry that did (the table's CHECK), which
      // exists once this claim on the window has held and the payment is posted (setSettlementPaid).
      paid_minor: 0n,
      carried_loss_minor: row.carriedLoss,
      pending_minor: row.pending,
      entry_id: null,
    })
    .onConflict((oc) => oc.columns(['contract_id', 'window_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? String(inserted.id) : null;
}

export async function setSettlementPaid(db: Executor, id: string, paid: bigint, entryId: string) {
  await db
    .updateTable('agent_contract_settlements')
    .set({ paid_minor: paid, entry_id: entryId })
    .where('id', '=', id)
    .execute();
}

export async function settlement(db: Executor, id: string): Promise<SettlementRow | undefined> {
  return (await db
    .selectFrom('agent_contract_settlements')
    .select(SETTLEMENT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()) as SettlementRow | undefined;
}

/** The newest statement of a contract, for the what-if. */
export async function lastSettlementOf(db: Executor, holderId: string, type: ContractType) {
  return (await db
    .selectFrom('agent_contract_settlements')
    .select(SETTLEMENT_COLUMNS)
    .where('holder_id', '=', holderId)
    .where('type', '=', type)
    .orderBy('window_end', 'desc')
    .limit(1)
    .executeTakeFirst()) as SettlementRow | undefined;
}

export interface IncomeQuery {
  start: Date;
  end: Date;
  type?: ContractType;
  limit: number;
  offset: number;
}

/** The holder's statements of windows that ended in [start, end), newest first, with the count and the sum paid. */
export async function income(db: Executor, holderId: string, query: IncomeQuery) {
  let selected = db
    .selectFrom('agent_contract_settlements')
    .where('holder_id', '=', holderId)
    .where('window_end', '>', query.start)
    .where('window_end', '<=', query.end);
  if (query.type) selected = selected.where('type', '=', query.type);
  const [totals, rows] = await Promise.all([
    selected
      .select((eb) => [eb.fn.countAll<string>().as('n'), sql<string>`coalesce(sum(paid_minor), 0)`.as('paid')])
      .executeTakeFirstOrThrow(),
    selected
      .select(SETTLEMENT_COLUMNS)
      .orderBy('window_end', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { count: Number(totals.n), paid: BigInt(totals.paid), rows: rows as SettlementRow[] };
}

export async function lastRun(db: Executor, type: ContractType) {
  return db
    .selectFrom('agent_contract_runs')
    .select(['window_key', 'window_start', 'window_end'])
    .where('type', '=', type)
    .orderBy('window_start', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function recordRun(
  db: Executor,
  run: { type: ContractType; key: string; start: Date; end: Date; contracts: number; paid: bigint },
) {
  await db
    .insertInto('agent_contract_runs')
    .values({
      type: run.type,
      window_key: run.key,
      window_start: run.start,
      window_end: run.end,
      contracts: run.contracts,
      paid_minor: run.paid,
    })
    .onConflict((oc) => oc.columns(['type', 'window_key']).doNothing())
    .execute();
}
