// The contracts' lifecycle (spec sections 3, 4 and 7): an upline offers its direct downline agent a tier table no
// better than its own, the downline accepts or rejects, either side terminates; a newer contract of the pair replaces
// the older on acceptance, and a holder whose new contract pays less than one it gave its own downline ends that one
// (and, down the line, the contracts that one's holder gave). Every change of state is an event and an audit row in
// the same transaction.

import type { FeatureFlag } from '@portal/shared/constants';
import {
  CONTRACT_SWITCHES,
  CONTRACT_TYPES,
  type Contract,
  type ContractEndReason,
  type ContractOverview,
  type ContractStatement,
  type ContractSwitches,
  type ContractTerms,
  type ContractType,
  type IncomePage,
  type StatementBetsPage,
  type StatementLine,
  type WhatIfResult,
} from '@portal/shared/contracts';
import { type DayRange, rangeInstants, rangeProblem } from '@portal/shared/date-range';
import { fromMinor } from '@portal/shared/money';
import type { Kysely, Transaction } from 'kysely';
import type { AuditRecorder } from '../../common/audit.ts';
import { isAgentType } from '../../common/member-types.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import * as repository from './repository.ts';
import type { ContractSettlement } from './settlement.ts';
import type { ContractMember, ContractSources } from './sources.ts';
import { loadTerms, parseTerms, paysAtMost, storedTerms, type Terms } from './terms.ts';

export const CONTRACT_FLAGS: Record<ContractType, FeatureFlag> = {
  dividend: 'DIVCONTRACT3',
  dailyWage: 'DAILYSALCONTRACT3',
  hourlySalary: 'HOURSALCONTRACT3',
  realTimeSalary: 'REALTIMESALCONTRACT3',
};

/** The consolidated call's switches: a contract page shows for an agent when its feature is on. */
export async function contractSwitchesOf(sources: ContractSources, memberType: number): Promise<ContractSwitches> {
  const flags = await sources.flags();
  return Object.fromEntries(
    CONTRACT_TYPES.map((type) => [CONTRACT_SWITCHES[type], isAgentType(memberType) && flags[CONTRACT_FLAGS[type]]]),
  ) as ContractSwitches;
}

/** Who changes a contract: a member (by id), or an operator / the system (by name). */
export type ContractActor = { memberId: string; ip?: string } | { operator: string; ip?: string };

const HISTORY_LIMIT = 20;

const notFound = () => new AppError(404, 'CONTRACT_NOT_FOUND');

export class ContractService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sources: ContractSources,
    private readonly audit: AuditRecorder,
    private readonly settlement: ContractSettlement,
  ) {}

  private async requireEnabled(type: ContractType) {
    if (!(await this.sources.flags())[CONTRACT_FLAGS[type]]) throw new AppError(403, 'FEATURE_DISABLED');
  }

  async overview(memberId: string, type: ContractType): Promise<ContractOverview> {
    await this.requireEnabled(type);
    const [own, downline] = await Promise.all([
      repository.holderContracts(this.db, memberId, type, HISTORY_LIMIT),
      repository.offeredBy(this.db, memberId, type),
    ]);
    const settings = await this.sources.settings();
    const views = await this.views([...own, ...downline]);
    return {
      type,
      own: views.slice(0, own.length),
      downline: views.slice(own.length),
      canOffer: own.some((c) => c.state === 'active'),
      settings: {
        minPayout: settings.minPayout,
        minActiveMembers: settings.minActiveMembers[type],
        platformFeeRate: settings.platformFeeRate,
        depositFeeRate: settings.depositFeeRate,
        withdrawalFeeRate: settings.withdrawalFeeRate,
      },
    };
  }

  /** An agent offers its direct downline agent a contract no better than its own (it must hold one). */
  async offer(offererId: string, type: ContractType, account: string, input: ContractTerms, ip?: string) {
    await this.requireEnabled(type);
    const terms = parseTerms(type, input);
    const holder = await this.downlineAgent(offererId, account);
    return this.transaction(async (trx) => {
      const own = await repository.holderContract(trx, offererId, type, 'active', true);
      if (!own) throw new AppError(409, 'CONTRACT_NONE_HELD');
      checkWithin(terms, loadTerms(type, own.terms));
      return this.createOffer(trx, { type, holderId: holder.id, offererId, terms }, { memberId: offererId, ip });
    });
  }

  /**
   * The offer that goes with an agent the offerer is opening in its downline (the register centre): checked before
   * the account is written, then made inside the transaction that writes it, so both or neither exist.
   */
  async offerToNewDownline(offererId: string, type: ContractType, input: ContractTerms) {
    await this.requireEnabled(type);
    const terms = parseTerms(type, input);
    const own = await repository.holderContract(this.db, offererId, type, 'active');
    if (!own) throw new AppError(409, 'CONTRACT_NONE_HELD');
    checkWithin(terms, loadTerms(type, own.terms));
    return async (trx: Transaction<Database>, holderId: string, ip?: string) => {
      const current = await repository.holderContract(trx, offererId, type, 'active', true);
      if (!current) throw new AppError(409, 'CONTRACT_NONE_HELD');
      checkWithin(terms, loadTerms(type, current.terms));
      await this.createOffer(trx, { type, holderId, offererId, terms }, { memberId: offererId, ip });
    };
  }

  /** The platform (an operator) offers a top agent, one without an agent upline, a contract. */
  async offerByPlatform(operator: string, type: ContractType, account: string, input: ContractTerms, ip?: string) {
    const terms = parseTerms(type, input);
    const holder = await this.sources.memberByAccount(account);
    if (!holder) throw new AppError(404, 'PLAYER_NOT_FOUND');
    if (!isAgentType(holder.type)) throw new AppError(400, 'CONTRACT_HOLDER_NOT_AGENT');
    if (holder.uplineId) {
      const upline = await this.sources.memberById(holder.uplineId);
      if (upline && isAgentType(upline.type)) throw new AppError(400, 'CONTRACT_PLATFORM_TOP_ONLY');
    }
    return this.transaction((trx) =>
      this.createOffer(trx, { type, holderId: holder.id, offererId: null, terms }, { operator, ip }),
    );
  }

  private async createOffer(
    trx: Transaction<Database>,
    offer: { type: ContractType; holderId: string; offererId: string | null; terms: Terms },
    actor: ContractActor,
  ): Promise<string> {
    // A new offer takes the place of one still waiting for the holder's answer.
    const waiting = await repository.holderContract(trx, offer.holderId, offer.type, 'offered', true);
    if (waiting) await this.end(trx, waiting, 'terminated', 'withdrawn', actor);
    const contract = await repository.insertContract(trx, {
      type: offer.type,
      holderId: offer.holderId,
      offererId: offer.offererId,
      terms: storedTerms(offer.terms),
      state: 'offered',
    });
    await this.record(trx, contract, 'offered', null, actor, { terms: storedTerms(offer.terms) });
    return contract.id;
  }

  /**
   * The holder accepts an offer: it replaces the holder's active contract of the type, and the contracts the holder
   * gave its own downline that now pay more than its new one (or, for a dividend, run on another period) end.
   */
  async accept(memberId: string, type: ContractType, contractId: string, ip?: string) {
    await this.requireEnabled(type);
    const actor = { memberId, ip };
    return this.transaction(async (trx) => {
      const contract = await this.ownContract(trx, memberId, type, contractId, 'holder');
      if (contract.state !== 'offered') throw new AppError(409, 'CONTRACT_STATE');
      const terms = loadTerms(type, contract.terms);
      if (contract.offerer_id) {
        // The offerer's own contract may have changed since the offer.
        const offerers = await repository.holderContract(trx, contract.offerer_id, type, 'active', true);
        if (!offerers) throw new AppError(409, 'CONTRACT_NONE_HELD');
        checkWithin(terms, loadTerms(type, offerers.terms));
      }
      const previous = await repository.holderContract(trx, memberId, type, 'active', true);
      if (previous) await this.end(trx, previous, 'terminated', 'replaced', actor);
      await repository.activate(trx, contract.id);
      await this.record(trx, contract, 'active', null, actor);
      for (const given of await repository.offeredBy(trx, memberId, type, true)) {
        const givenTerms = loadTerms(type, given.terms);
        const samePeriod =
          !(terms.type === 'dividend' && givenTerms.type === 'dividend') || terms.period === givenTerms.period;
        if (!samePeriod) await this.endWithDownline(trx, given, 'uplineEnded', actor);
        else if (!paysAtMost(givenTerms, terms)) await this.endWithDownline(trx, given, 'lowerRate', actor);
      }
      return contract.id;
    });
  }

  async reject(memberId: string, type: ContractType, contractId: string, ip?: string) {
    await this.requireEnabled(type);
    return this.transaction(async (trx) => {
      const contract = await this.ownContract(trx, memberId, type, contractId, 'holder');
      if (contract.state !== 'offered') throw new AppError(409, 'CONTRACT_STATE');
      await this.end(trx, contract, 'rejected', 'rejected', { memberId, ip });
      return contract.id;
    });
  }

  /**
   * Either side ends a contract: the offerer withdraws an offer or terminates an active contract; the holder
   * terminates an active one. The contracts the holder gave its own downline end with it.
   */
  async terminate(actor: ContractActor, type: ContractType | null, contractId: string) {
    if (type) await this.requireEnabled(type);
    return this.transaction(async (trx) => {
      const contract =
        'memberId' in actor
          ? await this.ownContract(trx, actor.memberId, type, contractId, 'either')
          : await repository.findContract(trx, contractId, true);
      if (!contract) throw notFound();
      const byHolder = 'memberId' in actor && actor.memberId === contract.holder_id;
      if (contract.state === 'offered' && !byHolder) {
        await this.end(trx, contract, 'terminated', 'withdrawn', actor);
      } else if (contract.state === 'active') {
        await this.endWithDownline(trx, contract, 'terminated', actor);
      } else {
        throw new AppError(409, 'CONTRACT_STATE');
      }
      return contract.id;
    });
  }

  /** The downline's newest window recomputed with its current terms and with the proposed ones; nothing is stored. */
  async whatIf(offererId: string, type: ContractType, account: string, input: ContractTerms): Promise<WhatIfResult> {
    await this.requireEnabled(type);
    const proposed = parseTerms(type, input);
    const holder = await this.downlineAgent(offererId, account);
    const current = await repository.holderContract(this.db, holder.id, type, 'active');
    const window = this.settlement.lastEndedWindow(type, proposed.type === 'dividend' ? proposed.period : null);
    const compute = async (terms: Terms) => {
      const all = await this.settlement.statements(type, window, { holderId: holder.id, offererId, terms });
      return all.find((c) => c.contract.holder_id === holder.id)?.statement ?? null;
    };
    const [withCurrent, withProposed] = await Promise.all([
      current ? compute(loadTerms(type, current.terms)) : null,
      compute(proposed),
    ]);
    return {
      window: { key: window.key, start: window.start.toISOString(), end: window.end.toISOString() },
      current: withCurrent?.lines ?? null,
      proposed: withProposed?.lines ?? null,
      currentPaid: withCurrent ? fromMinor(withCurrent.paid) : null,
      proposedPaid: withProposed ? fromMinor(withProposed.paid) : null,
    };
  }

  /** The agent's contract payments (every settled window, paid or kept), newest first. */
  async income(
    memberId: string,
    query: DayRange & { type?: ContractType; pageNo: number; pageSize: number },
  ): Promise<IncomePage> {
    if (rangeProblem(query)) throw new AppError(400, 'VALIDATION', { detail: 'from and to must be a valid range' });
    const { start, end } = rangeInstants(query);
    const found = await repository.income(this.db, memberId, {
      start,
      end,
      type: query.type,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    const holder = await this.sources.accounts([memberId]);
    return {
      list: found.rows.map((row) => statementView(row, holder.get(memberId) ?? '')),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: found.count,
      totalPages: Math.ceil(found.count / query.pageSize),
      totalPaid: fromMinor(found.paid),
    };
  }

  /** One of the agent's statements; another's is not found. */
  async statement(memberId: string, id: string): Promise<ContractStatement> {
    const row = await this.ownStatement(memberId, id);
    const holder = await this.sources.accounts([memberId]);
    return statementView(row, holder.get(memberId) ?? '');
  }

  /** The team's bet, win and refund lines of a statement's window, oldest first. */
  async statementBets(
    memberId: string,
    id: string,
    page: { pageNo: number; pageSize: number },
  ): Promise<StatementBetsPage> {
    const row = await this.ownStatement(memberId, id);
    const found = await this.sources.betLines(memberId, new Date(row.window_start), new Date(row.window_end), {
      limit: page.pageSize,
      offset: (page.pageNo - 1) * page.pageSize,
    });
    const accounts = await this.sources.accounts([...new Set(found.lines.map((l) => l.memberId))]);
    return {
      list: found.lines.map((line) => ({
        id: line.id,
        time: line.time.toISOString(),
        account: accounts.get(line.memberId) ?? '',
        type: line.type,
        amount: fromMinor(line.amount),
        reference: line.reference,
      })),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount: found.count,
      totalPages: Math.ceil(found.count / page.pageSize),
    };
  }

  /** The operator's list of the platform's contracts with top agents. */
  async platformContracts(limit = 100): Promise<Contract[]> {
    return this.views(await repository.platformContracts(this.db, limit));
  }

  // ---- helpers ----

  private async ownStatement(memberId: string, id: string) {
    if (!/^\d{1,18}$/.test(id)) throw notFound();
    const row = await repository.settlement(this.db, id);
    if (!row || String(row.holder_id) !== memberId) throw notFound();
    return row;
  }

  /** A direct downline agent of `offererId`; any account outside its team is not found, as one that does not exist. */
  private async downlineAgent(offererId: string, account: string): Promise<ContractMember> {
    const holder = await this.sources.memberByAccount(account);
    if (!holder || !(await this.sources.inTeam(offererId, holder.id))) throw new AppError(404, 'PLAYER_NOT_FOUND');
    if (holder.uplineId !== offererId) throw new AppError(400, 'CONTRACT_DIRECT_DOWNLINE_ONLY');
    if (!isAgentType(holder.type)) throw new AppError(400, 'CONTRACT_HOLDER_NOT_AGENT');
    return holder;
  }

  /** A contract the member holds (or, with 'either', holds or offered), locked; any other is not found. */
  private async ownContract(
    trx: Transaction<Database>,
    memberId: string,
    type: ContractType | null,
    contractId: string,
    side: 'holder' | 'either',
  ) {
    if (!/^\d{1,18}$/.test(contractId)) throw notFound();
    const contract = await repository.findContract(trx, contractId, true);
    if (!contract || (type && contract.type !== type)) throw notFound();
    const mine =
      String(contract.holder_id) === memberId || (side === 'either' && String(contract.offerer_id) === memberId);
    if (!mine) throw notFound();
    return contract;
  }

  private async end(
    trx: Transaction<Database>,
    contract: repository.ContractRow,
    state: 'rejected' | 'terminated',
    reason: ContractEndReason,
    actor: ContractActor,
  ) {
    await repository.end(trx, contract.id, state, reason);
    await this.record(trx, contract, state, reason, actor);
  }

  /** Ends a contract (an offer is withdrawn) and, down the line, every contract its holder gave of the type. */
  private async endWithDownline(
    trx: Transaction<Database>,
    contract: repository.ContractRow,
    reason: ContractEndReason,
    actor: ContractActor,
  ) {
    await this.end(trx, contract, 'terminated', contract.state === 'offered' ? 'withdrawn' : reason, actor);
    if (contract.state !== 'active') return;
    for (const given of await repository.offeredBy(trx, contract.holder_id, contract.type, true)) {
      await this.endWithDownline(trx, given, 'uplineEnded', { operator: 'system' });
    }
  }

  private async record(
    trx: Transaction<Database>,
    contract: repository.ContractRow,
    state: repository.ContractRow['state'],
    reason: ContractEndReason | null,
    actor: ContractActor,
    extra: Record<string, unknown> = {},
  ) {
    const memberId = 'memberId' in actor ? actor.memberId : null;
    await repository.insertEvent(trx, {
      contractId: contract.id,
      state,
      reason,
      actorId: memberId,
      actorName: 'operator' in actor ? actor.operator : null,
    });
    await this.audit.record(trx, {
      actor: memberId ? `member:${memberId}` : 'operator' in actor ? actor.operator : 'system',
      action: `contract.${state}`,
      detail: { contractId: contract.id, type: contract.type, holderId: contract.holder_id, reason, ...extra },
      ip: actor.ip,
    });
  }

  /**
   * Runs a change in one transaction and answers the changed contract as it committed (read after the commit: the
   * accounts come from the members module, which reads outside the transaction).
   */
  private async transaction(work: (trx: Transaction<Database>) => Promise<string>): Promise<Contract> {
    const id = await this.db.transaction().execute(work);
    const row = await repository.findContract(this.db, id);
    if (!row) throw notFound();
    return (await this.views([row]))[0]!;
  }

  private async views(rows: repository.ContractRow[]): Promise<Contract[]> {
    const ids = rows.map((r) => String(r.id));
    const events = await repository.eventsOf(this.db, ids);
    const memberIds = new Set<string>();
    for (const row of rows) {
      memberIds.add(String(row.holder_id));
      if (row.offerer_id) memberIds.add(String(row.offerer_id));
    }
    for (const event of events) if (event.actor_id) memberIds.add(String(event.actor_id));
    const accounts = await this.sources.accounts([...memberIds]);
    const account = (id: string | null) => (id ? (accounts.get(String(id)) ?? null) : null);
    return rows.map((row) => ({
      id: String(row.id),
      type: row.type,
      state: row.state,
      holder: account(row.holder_id) ?? '',
      offerer: account(row.offerer_id),
      terms: row.terms as ContractTerms,
      offeredAt: new Date(row.offered_at).toISOString(),
      acceptedAt: row.accepted_at ? new Date(row.accepted_at).toISOString() : null,
      endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
      endReason: row.end_reason,
      events: events
        .filter((e) => String(e.contract_id) === String(row.id))
        .map((e) => ({
          state: e.state as Contract['state'],
          reason: (e.reason as ContractEndReason | null) ?? null,
          by: account(e.actor_id),
          at: new Date(e.at).toISOString(),
        })),
    }));
  }
}

/** Refuses terms that pay more than the offerer's own anywhere, or run on another dividend period. */
function checkWithin(terms: Terms, own: Terms) {
  if (terms.type === 'dividend' && own.type === 'dividend' && terms.period !== own.period) {
    throw new AppError(400, 'CONTRACT_PERIOD_MISMATCH');
  }
  if (!paysAtMost(terms, own)) throw new AppError(400, 'CONTRACT_RATE_ABOVE_OWN');
}

function statementView(row: repository.SettlementRow, holder: string): ContractStatement {
  return {
    id: String(row.id),
    contractId: String(row.contract_id),
    type: row.type,
    holder,
    window: {
      key: row.window_key,
      start: new Date(row.window_start).toISOString(),
      end: new Date(row.window_end).toISOString(),
    },
    lines: row.lines as StatementLine[],
    paid: fromMinor(BigInt(row.paid_minor)),
    carriedLoss: fromMinor(BigInt(row.carried_loss_minor)),
    pending: fromMinor(BigInt(row.pending_minor)),
    entryId: row.entry_id ? String(row.entry_id) : null,
    settledAt: new Date(row.settled_at).toISOString(),
  };
}
