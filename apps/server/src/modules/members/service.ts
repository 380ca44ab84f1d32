import {
  type MemberInfo,
  OPTIONAL_REGISTER_FIELDS,
  type RegisterRequest,
  type RegistrationType,
} from '@portal/shared/auth';
import type { Language } from '@portal/shared/constants';
import { type MobileNumber, mobileInvalidMessage, parseMobile } from '@portal/shared/phone';
import { ageOn, checkRule, type FieldRule, ruleMessage } from '@portal/shared/validation';
import type { Kysely, Transaction } from 'kysely';
import { AGENT_TYPES, accountKey, type OPERATOR_CREATABLE_TYPES, TRIAL_TYPE } from '../../common/member-types.ts';
import { hashPassword, verifyPassword } from '../../common/passwords.ts';
import type { MemberIdentity } from '../../common/request-identity.ts';
import { newInviteCode } from '../../common/secrets.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, FieldInvalid } from '../../http/errors.ts';
import type { AuditEntry, AuditRecorder } from '../audit/service.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { registerSettings } from './registration-rules.ts';
import type { MemberRow, TotpValues } from './repository.ts';
import * as repository from './repository.ts';

/** A member's row, as other modules see it through this service (the repository is this module's own). */
export type { MemberRow, TotpValues };

/** The icon of every new account (the column's default), answered too if the member's row is gone. */
const DEFAULT_ICON = '/avatars/1.svg';

/** Strings of a registration, trimmed, with empty ones dropped. */
type Fields = Partial<Record<keyof RegisterRequest, string>>;

/** Context of a request that the rules need. */
export interface Caller {
  ip: string;
  language: Language;
}

export interface NewMemberByOperator {
  account: string;
  password: string;
  type: (typeof OPERATOR_CREATABLE_TYPES)[number];
  nickname?: string;
  email?: string;
  countryDialingCode?: string;
  mobileNum?: string;
  payeeName?: string;
  upline?: string;
}

/** An account an agent opens in its own team (the agents module decides which types an agent may open). */
export interface NewDownline {
  account: string;
  password: string;
  type: number;
  nickname?: string;
}

/**
 * The agent behind an enabled invitation link's code (upper case), or null: the agents module's, passed in by
 * app.ts, so that a link's code places a registration as the agent's own code does.
 */
export type InviteLinkResolver = (code: string) => Promise<string | null>;

/** Refuses a value its field's rule refuses (the rule forced on and required), with the rule's message. */
function requireByRule(rule: FieldRule, field: string, value: string | undefined, language: Language) {
  if (checkRule({ ...rule, enabled: true, required: true }, value)) {
    throw new FieldInvalid(field, ruleMessage(rule, language));
  }
}

export class MemberService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: SettingsService,
    private readonly audit: AuditRecorder,
    private readonly inviteLinks: InviteLinkResolver = async () => null,
  ) {}

  async rules() {
    return registerSettings(await this.settings.snapshot());
  }

  /**
   * Checks a registration against the brand's rules (the server is the authority; the browser runs the same
   * catalogue) and returns the values to store. Captcha and SMS code are checked by the caller.
   */
  async validateRegistration(type: RegistrationType, body: RegisterRequest, language: Language) {
    const snapshot = await this.settings.snapshot();
    const settings = registerSettings(snapshot);
    if (!settings.types.includes(type)) throw new AppError(403, 'FEATURE_DISABLED');
    if (body.acceptTerms !== true) throw new AppError(400, 'TERMS_NOT_ACCEPTED');

    const values: Fields = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === 'string' && value.trim() !== '') values[key as keyof RegisterRequest] = value.trim();
    }
    // Passwords are taken exactly as typed.
    for (const key of ['password', 'confirmPassword', 'paymentPassword'] as const) {
      if (body[key]) values[key] = body[key];
    }

    const { fields } = settings;
    const mobile = type === 'registerMobile';
    const withPassword = !mobile || settings.mobileWithPassword;
    const check = (name: keyof Fields, rule: FieldRule, force?: { required: boolean }) => {
      const effective = force ? { ...rule, enabled: true, required: force.required } : rule;
      if (!effective.enabled) return;
      if (checkRule(effective, values[name])) throw new FieldInvalid(name, ruleMessage(effective, language));
    };

    const countryDialingCode = values.countryDialingCode ?? settings.defaultCountryDialingCode;
    // The phone library decides what a valid number is; the field's switches still say whether it is asked for.
    const checkMobileField = (required: boolean) => {
      if (!fields.mobileNum.enabled && !required) return;
      const typed = values.mobileNum;
      if (!typed) {
        if (required) throw new FieldInvalid('mobileNum', mobileInvalidMessage(language));
        return;
      }
      if (!settings.countryDialingCodes.includes(countryDialingCode)) {
        throw new AppError(400, 'PHONE_INVALID', {}, { field: 'countryDialingCode' });
      }
      const parsed = parseMobile(typed, countryDialingCode);
      if (!parsed) throw new FieldInvalid('mobileNum', mobileInvalidMessage(language));
      values.mobileNum = parsed.nationalNumber;
    };

    if (mobile) {
      checkMobileField(true);
      values.username = values.mobileNum;
    } else {
      check('username', fields.username, { required: true });
      checkMobileField(fields.mobileNum.required);
    }
    if (withPassword) {
      check('password', fields.password, { required: true });
      if (values.confirmPassword !== values.password) {
        throw new AppError(400, 'CONFIRMATION_MISMATCH', {}, { field: 'confirmPassword' });
      }
    }
    for (const name of [...OPTIONAL_REGISTER_FIELDS, 'birthday'] as const) {
      check(name, fields[name]);
    }
    if (settings.birthdayCheck) {
      const age = values.birthday ? ageOn(values.birthday, new Date()) : null;
      if (age === null) throw new FieldInvalid('birthday', ruleMessage(fields.birthday, language));
      if (age < settings.minimumAge) {
        throw new AppError(400, 'UNDER_AGE', { age: String(settings.minimumAge) }, { field: 'birthday' });
      }
    }
    const enabledValue = (name: keyof Fields & keyof typeof fields) =>
      fields[name].enabled || (name === 'mobileNum' && mobile) ? (values[name] ?? null) : null;

    return {
      settings,
      withPassword,
      account: values.username as string,
      password: withPassword ? (values.password as string) : null,
      paymentPassword: enabledValue('paymentPassword'),
      email: enabledValue('email'),
      mobileNum: enabledValue('mobileNum'),
      countryDialingCode: enabledValue('mobileNum') ? countryDialingCode : null,
      byMobile: mobile,
      // The route checks the SMS code of a registration by mobile when verification is on.
      mobileVerified: mobile && settings.smsVerification,
      payeeName: enabledValue('payeeName'),
      birthday: enabledValue('birthday'),
      contacts: Object.fromEntries(
        (['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber'] as const)
          .map((name) => [name, enabledValue(name)])
          .filter(([, value]) => value !== null),
      ) as Record<string, string>,
      invitationCode: values.affiliateCode ?? values.referralCode ?? null,
      recommenderId: enabledValue('recommenderId'),
      registerUrl: values.registerUrl?.slice(0, 500) ?? null,
    };
  }

  /**
   * The agent (or inviting member) behind an invitation code, or INVITATION_CODE_ERROR: a member's own code, else an
   * agent's enabled invitation link (whose agent must still be an active agent).
   */
  async inviter(code: string) {
    const wellFormed = /^[A-Za-z0-9]{6,16}$/.test(code);
    let inviter = wellFormed ? await repository.findByInviteCode(this.db, code) : undefined;
    if (!inviter && wellFormed) {
      const agentId = await this.inviteLinks(code.toUpperCase());
      const agent = agentId ? await repository.findById(this.db, agentId) : undefined;
      if (agent && AGENT_TYPES.includes(agent.type)) inviter = agent;
    }
    if (inviter?.status !== 'active' || inviter.type === TRIAL_TYPE) {
      throw new AppError(400, 'INVITATION_CODE_ERROR', {}, { field: 'affiliateCode' });
    }
    return inviter;
  }

  /** Stores a validated registration. Duplicate names and mobiles are refused by unique indexes, so races are safe. */
  async createRegistered(
    input: Awaited<ReturnType<MemberService['validateRegistration']>>,
    ip: string,
  ): Promise<MemberRow> {
    const inviter = input.invitationCode ? await this.inviter(input.invitationCode) : null;
    let referrerId: string | null = null;
    if (input.recommenderId) {
      const recommender = await repository.findByAccount(this.db, input.recommenderId);
      if (!recommender || recommender.type === TRIAL_TYPE) {
        throw new AppError(400, 'INVITATION_CODE_ERROR', {}, { field: 'recommenderId' });
      }
      referrerId = recommender.id;
    }
    // An agent's code places the member under that agent; a player's code makes them the referrer.
    const inviterIsAgent = inviter ? AGENT_TYPES.includes(inviter.type) : false;
    const uplineId = inviter ? (inviterIsAgent ? inviter.id : inviter.upline_id) : null;
    if (inviter && !inviterIsAgent) referrerId ??= inviter.id;

    const [passwordHash, paymentPasswordHash] = await Promise.all([
      input.password ? hashPassword(input.password) : null,
      input.paymentPassword ? hashPassword(input.paymentPassword) : null,
    ]);
    const id = await this.insertWithInviteCode(
      {
        account: input.account,
        type: 0,
        passwordHash,
        paymentPasswordHash,
        email: input.email,
        countryDialingCode: input.countryDialingCode,
        mobileNum: input.mobileNum,
        mobileVerified: input.mobileVerified,
        payeeName: input.payeeName,
        birthday: input.birthday,
        contacts: input.contacts,
        uplineId,
        referrerId,
        registerIp: ip,
        registerUrl: input.registerUrl,
        // Which code (and so which of an agent's links) brought the member: the agent's per-link figures.
        invitedByCode: inviter && input.invitationCode ? input.invitationCode.toUpperCase() : null,
      },
      (memberId) => ({ actor: `member:${input.account}`, action: 'member.register', ip, detail: { id: memberId } }),
      // By mobile, the account is named after the number: a taken name is a taken number.
      input.byMobile ? 'MOBILE_TAKEN' : 'USERNAME_TAKEN',
    );
    const member = await repository.findById(this.db, id);
    if (!member) throw new Error('registered member vanished');
    return member;
  }

  async createByOperator(input: NewMemberByOperator, actor: string): Promise<MemberRow> {
    const upline = input.upline ? await repository.findByAccount(this.db, input.upline) : null;
    if (input.upline && (!upline || !AGENT_TYPES.includes(upline.type))) {
      throw new AppError(400, 'INVITATION_CODE_ERROR', {}, { field: 'upline' });
    }
    const mobile = input.mobileNum ? parseMobile(input.mobileNum, input.countryDialingCode ?? '880') : null;
    if (input.mobileNum && !mobile) {
      throw new AppError(400, 'PHONE_INVALID', {}, { field: 'mobileNum' });
    }
    const id = await this.insertWithInviteCode(
      {
        account: input.account,
        type: input.type,
        passwordHash: await hashPassword(input.password),
        nickname: input.nickname ?? null,
        email: input.email ?? null,
        countryDialingCode: mobile?.countryDialingCode ?? null,
        mobileNum: mobile?.nationalNumber ?? null,
        mobileVerified: true,
        payeeName: input.payeeName ?? null,
        uplineId: upline?.id ?? null,
      },
      (memberId) => ({
        actor,
        action: 'member.create',
        detail: { id: memberId, account: input.account, type: input.type },
      }),
    );
    const member = await repository.findById(this.db, id);
    if (!member) throw new Error('created member vanished');
    return member;
  }

  /**
   * An account an agent opens directly in its team (the register centre): the brand's registration rules for the
   * account name and password, the agent as upline, and the audit row in the member's own transaction. Which types
   * the agent may open is the agents module's rule, checked before this. `alongside` runs in the transaction that
   * writes the member (the register centre's contract offer), so both are written or neither.
   */
  async createDownline(
    input: NewDownline,
    agent: { id: string; account: string },
    caller: Caller,
    alongside?: (trx: Transaction<Database>, memberId: string) => Promise<void>,
  ): Promise<MemberRow> {
    const { fields } = await this.rules();
    const account = input.account.trim();
    requireByRule(fields.username, 'account', account, caller.language);
    requireByRule(fields.password, 'password', input.password, caller.language);
    const nickname = input.nickname?.trim() || null;
    const id = await this.insertWithInviteCode(
      {
        account,
        type: input.type,
        passwordHash: await hashPassword(input.password),
        nickname,
        uplineId: agent.id,
        registerIp: caller.ip,
      },
      (memberId) => ({
        actor: `member:${agent.account}`,
        action: 'member.create.downline',
        ip: caller.ip,
        detail: { id: memberId, account, type: input.type, upline: agent.account },
      }),
      'USERNAME_TAKEN',
      alongside,
    );
    const member = await repository.findById(this.db, id);
    if (!member) throw new Error('created downline vanished');
    return member;
  }

  /** A trial (free-play) account: no password, never real money. */
  async createTrial(ip: string): Promise<MemberRow> {
    const account = `guest${newInviteCode().toLowerCase()}`;
    const id = await this.insertWithInviteCode(
      { account, type: TRIAL_TYPE, passwordHash: null, registerIp: ip },
      () => ({ actor: `member:${account}`, action: 'member.freeplay', ip }),
    );
    const member = await repository.findById(this.db, id);
    if (!member) throw new Error('trial member vanished');
    return member;
  }

  /** A player account opened by a first social sign-in: no password until the member sets one. */
  async createSocial(account: string, email: string | null, ip: string, provider: string): Promise<MemberRow> {
    const id = await this.insertWithInviteCode(
      { account, type: 0, passwordHash: null, email, registerIp: ip },
      (memberId) => ({
        actor: `member:${account}`,
        action: `member.register.${provider}`,
        ip,
        detail: { id: memberId },
      }),
    );
    const member = await repository.findById(this.db, id);
    if (!member) throw new Error('social member vanished');
    return member;
  }

  /** Deletes an account that was never used (no session, no money), e.g. the loser of a sign-in race. */
  async removeUnused(id: string) {
    await repository.removeNeverSignedIn(this.db, id);
  }

  /**
   * Inserts the member and its audit row (`audited` of the new id) in one transaction. A collision of invitation
   * codes aborts the transaction, so each new draw runs in a fresh one.
   */
  private async insertWithInviteCode(
    member: Omit<repository.NewMember, 'inviteCode'>,
    audited: (id: string) => AuditEntry,
    takenName: 'USERNAME_TAKEN' | 'MOBILE_TAKEN' = 'USERNAME_TAKEN',
    alongside?: (trx: Transaction<Database>, memberId: string) => Promise<void>,
  ): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const id = await repository.insert(trx, { ...member, inviteCode: newInviteCode() });
          await this.audit.record(trx, audited(id));
          await alongside?.(trx, id);
          return id;
        });
      } catch (error) {
        const violated = repository.isUniqueViolation(error);
        if (!violated) throw error;
        if (violated.includes('account_key')) {
          throw new AppError(409, takenName, {}, { field: takenName === 'MOBILE_TAKEN' ? 'mobileNum' : 'username' });
        }
        if (violated.includes('mobile')) throw new AppError(409, 'MOBILE_TAKEN', {}, { field: 'mobileNum' });
        // Two members drew the same invitation code (1 in 10^12): draw again.
        if (!violated.includes('invite_code') || attempt >= 3) throw error;
      }
    }
  }

  findByAccount(account: string) {
    return repository.findByAccount(this.db, account);
  }

  findById(id: string) {
    return repository.findById(this.db, id);
  }

  /**
   * The member whose verified number this is, however it was typed (`01743529090`, `+8801743529090`): the number
   * is looked up in its stored form. A text the phone library cannot read is looked up as given (older rows).
   */
  findByMobile(countryDialingCode: string, mobileNum: string) {
    const stored = parseMobile(mobileNum, countryDialingCode)?.nationalNumber ?? mobileNum;
    return repository.findByMobile(this.db, countryDialingCode, stored);
  }

  /** The member behind a session, refused for a trial account (which has no password, mobile or factors). */
  async realMember(identity: Pick<MemberIdentity, 'id' | 'type'>): Promise<MemberRow> {
    if (identity.type === TRIAL_TYPE) throw new AppError(403, 'NEED_REAL_ACCOUNT');
    const member = await repository.findById(this.db, identity.id);
    if (!member) throw new AppError(401, 'NOT_LOGGED_IN');
    return member;
  }

  markLoggedIn(id: string, ip: string, trx: Transaction<Database>) {
    return repository.markLoggedIn(trx, id, ip);
  }

  knowsIp(id: string, ip: string) {
    return repository.knowsIp(this.db, id, ip);
  }

  recentIps(id: string) {
    return repository.recentIps(this.db, id, 10);
  }

  async info(id: string, mustChangePassword: boolean): Promise<MemberInfo> {
    const member = await repository.findById(this.db, id);
    if (!member) throw new AppError(401, 'NOT_LOGGED_IN');
    const upline = member.upline_id ? await repository.accountOf(this.db, member.upline_id) : undefined;
    return {
      id: Number(member.id),
      account: member.account,
      nickname: member.nickname,
      type: member.type,
      isAgent: AGENT_TYPES.includes(member.type),
      toUpline: Boolean(member.upline_id),
      clubLabel: { labelName: member.club_label, rankLevel: member.rank_level },
      memberLabel: member.labels.map((labelName) => ({ labelName })),
      email: member.email,
      mobileNum: member.mobile_num,
      countryDialingCode: member.country_dialing_code,
      payeeName: member.payee_name,
      inviteCode: member.invite_code,
      upline: upline?.account ?? null,
      lastLoginAt: member.last_login_at ? new Date(member.last_login_at).toISOString() : null,
      createdAt: new Date(member.created_at).toISOString(),
      mustChangePassword,
    };
  }

  async icon(id: string): Promise<string> {
    const member = await repository.findById(this.db, id);
    return member?.icon ?? DEFAULT_ICON;
  }

  /**
   * A mobile number typed without a session (SMS codes, password reset), checked by the phone library against the
   * brand's dialling codes (the registration's), in its stored form.
   */
  async checkMobile(mobileNum: string, countryDialingCode: string, language: Language): Promise<MobileNumber> {
    const rules = await this.rules();
    if (!mobileNum.trim()) throw new AppError(400, 'PHONE_MISSING', {}, { field: 'mobileNum' });
    const parsed = rules.countryDialingCodes.includes(countryDialingCode)
      ? parseMobile(mobileNum, countryDialingCode)
      : null;
    if (!parsed) {
      throw new AppError(400, 'PHONE_INVALID', {}, { field: 'mobileNum', hint: mobileInvalidMessage(language) });
    }
    return parsed;
  }

  /** Password rule of the brand (the registration's), for changes and resets. */
  async checkNewPassword(field: string, password: string, language: Language) {
    requireByRule((await this.rules()).fields.password, field, password, language);
  }

  /** A new password must differ from the current one. Checked before a code or link is used up. */
  async refuseSamePassword(member: MemberRow, newPassword: string): Promise<void> {
    if (member.password_hash && (await verifyPassword(member.password_hash, newPassword))) {
      throw new AppError(400, 'SAME_PASSWORD', {}, { field: 'newPassword' });
    }
  }

  /** The stored form of a new password, computed before the transaction that stores it (hashing takes a while). */
  hashNewPassword(newPassword: string): Promise<string> {
    return hashPassword(newPassword);
  }

  /** Stores a new password after the caller proved who they are and `refuseSamePassword` passed. */
  async setPassword(member: MemberRow, passwordHash: string, trx: Transaction<Database>): Promise<void> {
    await repository.setPassword(trx, member.id, passwordHash);
  }

  async passwordMatches(member: MemberRow, password: string): Promise<boolean> {
    return member.password_hash ? verifyPassword(member.password_hash, password) : false;
  }

  async emailMatches(account: string, email: string): Promise<MemberRow | null> {
    const member = await repository.findByAccount(this.db, account);
    if (!member?.email || member.email.toLowerCase() !== email.trim().toLowerCase()) return null;
    return member;
  }

  /** Two members cannot hold one verified number: the unique index refuses the second. */
  async markMobileVerified(id: string, trx: Transaction<Database>) {
    try {
      await repository.markMobileVerified(trx, id);
    } catch (error) {
      if (repository.isUniqueViolation(error)) throw new AppError(409, 'MOBILE_TAKEN', {}, { field: 'mobileNum' });
      throw error;
    }
  }

  setTotp(id: string, values: TotpValues, executor: Kysely<Database> = this.db) {
    return repository.setTotp(executor, id, values);
  }

  /** Whether the password is past the brand's maximum age. */
  async passwordExpired(member: MemberRow): Promise<boolean> {
    const days = (await this.settings.snapshot()).get('registration').passwordMaxAgeDays;
    if (days === 0 || !member.password_changed_at) return false;
    return Date.now() - new Date(member.password_changed_at).getTime() > days * 86_400_000;
  }

  /** Account names by member id, for the members that exist. */
  async accountsOf(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('members').select(['id', 'account']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.account]));
  }

  /**
   * Puts a member under another upline inside the caller's transaction (the operator's move, agents module). The
   * database moves the member's team along and refuses a cycle: 'cycle' when the upline is in the member's own team.
   */
  async setUpline(trx: Transaction<Database>, id: string, uplineId: string): Promise<'moved' | 'cycle'> {
    try {
      await trx.updateTable('members').set({ upline_id: uplineId }).where('id', '=', id).execute();
      return 'moved';
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'agent_tree_no_cycle') return 'cycle';
      throw error;
    }
  }

  /** The member's active upline, as a transfer target. */
  async activeUpline(memberId: string): Promise<{ account: string; nickname: string | null } | null> {
    const row = await this.db
      .selectFrom('members as me')
      .innerJoin('members as up', 'up.id', 'me.upline_id')
      .select(['up.account', 'up.nickname'])
      .where('me.id', '=', memberId)
      .where('up.status', '=', 'active')
      .executeTakeFirst();
    return row ?? null;
  }

  /** A page of an agent's active direct downlines, by account name, optionally those starting with `search`. */
  async activeDownlines(agentId: string, options: { search?: string; limit: number; offset: number }) {
    let query = this.db.selectFrom('members').where('upline_id', '=', agentId).where('status', '=', 'active');
    if (options.search) query = query.where('account_key', 'like', `${escapeLike(accountKey(options.search))}%`);
    const [list, count] = await Promise.all([
      query
        .select(['account', 'nickname'])
        .orderBy('account_key')
        .limit(options.limit)
        .offset(options.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { list, total: Number(count.total) };
  }

  /** The payer and the member named `to` (either may be missing), as a transfer between them needs them. */
  transferParties(payerId: string, to: string) {
    return this.db
      .selectFrom('members')
      .select(['id', 'account', 'type', 'status', 'upline_id'])
      .where((eb) => eb.or([eb('id', '=', payerId), eb('account_key', '=', accountKey(to))]))
      .execute();
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
