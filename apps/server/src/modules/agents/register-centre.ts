// The agent centre's register centre (issue 29): an agent opens accounts in its own direct downline, and keeps
// invitation links, one per traffic source, each counted from real registrations and deposits.
import {
  downlineTypesFor,
  INVITE_LINKS_MAX,
  INVITE_SOURCE_PATTERN,
  type InviteLink,
  type InviteLinkFigures,
  type InviteLinkPatch,
  type InviteLinks,
  type NewDownline,
  type NewDownlineRequest,
  type NewInviteLink,
} from '@portal/shared/agents';
import type { Language } from '@portal/shared/constants';
import { fromMinor } from '@portal/shared/money';
import type { Kysely, Transaction } from 'kysely';
import { isAgentType } from '../../common/member-types.ts';
import { newInviteCode } from '../../common/secrets.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { MemberService } from '../members/service.ts';
import * as repository from './links-repository.ts';

/** Deposits of the members each invitation code of the agent brought (the payments module's, passed in by app.ts). */
export type InviteCodeDepositSource = (
  agentId: string,
) => Promise<Map<string, { firstDeposits: number; deposits: bigint; depositCount: number }>>;

/**
 * The contracts module's offer that goes with a new downline agent (passed in by app.ts): it checks the terms at
 * once and answers the step to run in the transaction that writes the account.
 */
export type NewDownlineOffer = (
  agentId: string,
  contract: NonNullable<NewDownlineRequest['contract']>,
) => Promise<(trx: Transaction<Database>, holderId: string, ip?: string) => Promise<void>>;

/** The signed-in agent, as the register centre needs it. */
export interface AgentCaller {
  id: string;
  account: string;
  type: number;
  ip: string;
  language: Language;
}

const SOURCE = new RegExp(INVITE_SOURCE_PATTERN);
const LINK_CODE_LENGTH = 10;

export class RegisterCentre {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: MemberService,
    private readonly audit: AuditRecorder,
    private readonly deposits: InviteCodeDepositSource,
    private readonly offer: NewDownlineOffer,
  ) {}

  /**
   * Opens a player or an agent of the agent's own kind (downlineTypesFor) under the agent. The members module checks
   * the account and password against the brand's registration rules and writes the member, the tree and the audit
   * row together.
   */
  async createDownline(agent: AgentCaller, input: NewDownlineRequest): Promise<NewDownline> {
    if (!downlineTypesFor(agent.type).includes(input.type)) {
      throw new AppError(403, 'DOWNLINE_TYPE_NOT_ALLOWED', {}, { field: 'type' });
    }
    if (input.contract && !isAgentType(input.type)) {
      throw new AppError(400, 'CONTRACT_HOLDER_NOT_AGENT', {}, { field: 'contract' });
    }
    // The terms are judged before the account is written: a refused offer opens no account.
    const offer = input.contract ? await this.offer(agent.id, input.contract) : undefined;
    const member = await this.members.createDownline(
      { account: input.account, password: input.password, type: input.type, nickname: input.nickname },
      agent,
      { ip: agent.ip, language: agent.language },
      offer && ((trx, memberId) => offer(trx, memberId, agent.ip)),
    );
    return { account: member.account, type: member.type, nickname: member.nickname, inviteCode: member.invite_code };
  }

  /** The agent's own code as the default link, and its links newest first, each with its figures. */
  async links(agentId: string): Promise<InviteLinks> {
    const [agent, rows, deposits] = await Promise.all([
      this.members.findById(agentId),
      repository.listLinks(this.db, agentId),
      this.deposits(agentId),
    ]);
    if (!agent) throw new AppError(401, 'NOT_LOGGED_IN');
    const registrations = await repository.registrationsByCode(this.db, [
      agent.invite_code,
      ...rows.map((row) => row.code),
    ]);
    const figures = (code: string): InviteLinkFigures => {
      const paid = deposits.get(code);
      return {
        registrations: registrations.get(code) ?? 0,
        firstDeposits: paid?.firstDeposits ?? 0,
        deposits: fromMinor(paid?.deposits ?? 0n),
        depositCount: paid?.depositCount ?? 0,
      };
    };
    return {
      defaultLink: { code: agent.invite_code, ...figures(agent.invite_code) },
      list: rows.map((row) => ({ ...toLink(row), ...figures(row.code) })),
      max: INVITE_LINKS_MAX,
    };
  }

  /** A new link for a traffic source not yet tagged by the agent; audited with it. */
  async createLink(agent: AgentCaller, input: NewInviteLink): Promise<InviteLink> {
    const source = sourceTag(input.source);
    const note = noteText(input.note);
    if ((await repository.countLinks(this.db, agent.id)) >= INVITE_LINKS_MAX) {
      throw new AppError(409, 'INVITE_LINKS_LIMIT', { max: String(INVITE_LINKS_MAX) });
    }
    for (let attempt = 0; ; attempt++) {
      try {
        const row = await this.change(agent, 'agent.link.create', async (trx) => {
          const created = await repository.insertLink(trx, {
            agent_id: agent.id,
            code: newInviteCode(LINK_CODE_LENGTH),
            source,
            note: note ?? null,
          });
          return { row: created, detail: { id: created.id, code: created.code, source } };
        });
        return { ...toLink(row), registrations: 0, firstDeposits: 0, deposits: '0.00', depositCount: 0 };
      } catch (error) {
        const broken = repository.brokenUnique(error);
        if (broken?.includes('source')) throw new AppError(409, 'INVITE_SOURCE_TAKEN', {}, { field: 'source' });
        // Two links drew the same code (1 in 8 * 10^14): draw again.
        if (!broken?.includes('code') || attempt >= 3) throw error;
      }
    }
  }

  /** Renames the source, changes the note, or turns the link off or on; another agent's link is a 404. */
  async updateLink(agent: AgentCaller, id: string, patch: InviteLinkPatch): Promise<InviteLink> {
    const values = {
      ...(patch.source !== undefined ? { source: sourceTag(patch.source) } : {}),
      ...(patch.note !== undefined ? { note: noteText(patch.note) ?? null } : {}),
      ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
    };
    try {
      await this.change(agent, 'agent.link.update', async (trx) => {
        const row = await repository.updateLink(trx, agent.id, id, values);
        if (!row) throw new AppError(404, 'NOT_FOUND');
        return { row, detail: { id, code: row.code, ...values } };
      });
    } catch (error) {
      if (repository.brokenUnique(error)?.includes('source')) {
        throw new AppError(409, 'INVITE_SOURCE_TAKEN', {}, { field: 'source' });
      }
      throw error;
    }
    const links = await this.links(agent.id);
    const link = links.list.find((item) => item.id === id);
    if (!link) throw new AppError(404, 'NOT_FOUND');
    return link;
  }

  /** The agent of an enabled link's code (upper case), for registration (handed to the members module). */
  enabledLinkAgent(code: string): Promise<string | null> {
    return repository.enabledLinkAgent(this.db, code);
  }

  /** A change and its audit row in one transaction. */
  private async change<T>(
    agent: AgentCaller,
    action: string,
    write: (trx: Transaction<Database>) => Promise<{ row: T; detail: Record<string, unknown> }>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const { row, detail } = await write(trx);
      await this.audit.record(trx, { actor: `member:${agent.account}`, action, ip: agent.ip, detail });
      return row;
    });
  }
}

function toLink(row: repository.LinkRow): Omit<InviteLink, keyof InviteLinkFigures> {
  return {
    id: String(row.id),
    code: row.code,
    source: row.source,
    note: row.note,
    enabled: row.enabled,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A source tag as stored: trimmed, lower case, and of the tag pattern. */
function sourceTag(text: string): string {
  const tag = text.trim().toLowerCase();
  if (!SOURCE.test(tag)) throw new AppError(400, 'INVITE_SOURCE_INVALID', {}, { field: 'source' });
  return tag;
}

/** A note as stored: trimmed, absent when empty. */
function noteText(text: string | null | undefined): string | undefined {
  return text?.trim() || undefined;
}
