import { type Kysely, sql, type Transaction } from 'kysely';
import { accountKey } from '../../common/member-types.ts';
import type { Database, MembersTable } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;
export type MemberRow = Awaited<ReturnType<typeof findByAccount>> & {};

export interface NewMember {
  account: string;
  type: number;
  passwordHash: string | null;
  paymentPasswordHash?: string | null;
  nickname?: string | null;
  email?: string | null;
  countryDialingCode?: string | null;
  mobileNum?: string | null;
  /** An SMS code to the number was entered, or an operator vouched for it. */
  mobileVerified?: boolean;
  payeeName?: string | null;
  birthday?: string | null;
  contacts?: Record<string, string>;
  inviteCode: string;
  uplineId?: string | null;
  referrerId?: string | null;
  registerIp?: string | null;
  registerUrl?: string | null;
  /** The invitation code the member registered with, upper case. */
  invitedByCode?: string | null;
}

/** Names are unique whatever their letter case. */

const columns = [
  'id',
  'account',
  'type',
  'status',
  'nickname',
  'password_hash',
  'password_changed_at',
  'payment_password_hash',
  'email',
  'country_dialing_code',
  'mobile_num',
  'mobile_verified',
  'payee_name',
  'invite_code',
  'upline_id',
  'rank_level',
  'club_label',
  'labels',
  'icon',
  'totp_secret',
  'totp_enabled',
  'totp_always',
  'created_at',
  'last_login_at',
] as const satisfies readonly (keyof MembersTable)[];

export function findByAccount(db: Executor, account: string) {
  return db.selectFrom('members').select(columns).where('account_key', '=', accountKey(account)).executeTakeFirst();
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('members').select(columns).where('id', '=', id).executeTakeFirst();
}

/** The member whose verified number this is; unverified numbers sign nobody in. */
export function findByMobile(db: Executor, countryDialingCode: string, mobileNum: string) {
  return db
    .selectFrom('members')
    .select(columns)
    .where('country_dialing_code', '=', countryDialingCode)
    .where('mobile_num', '=', mobileNum)
    .where('mobile_verified', '=', true)
    .executeTakeFirst();
}

export function findByInviteCode(db: Executor, code: string) {
  return db.selectFrom('members').select(columns).where('invite_code', '=', code.toUpperCase()).executeTakeFirst();
}

export function accountOf(db: Executor, id: string) {
  return db.selectFrom('members').select('account').where('id', '=', id).executeTakeFirst();
}

export async function insert(db: Executor, member: NewMember): Promise<string> {
  const row = await db
    .insertInto('members')
    .values({
      account: member.account,
      account_key: accountKey(member.account),
      type: member.type,
      status: 'active',
      nickname: member.nickname ?? null,
      password_hash: member.passwordHash,
      password_changed_at: member.passwordHash ? new Date() : null,
      payment_password_hash: member.paymentPasswordHash ?? null,
      email: member.email ?? null,
      country_dialing_code: member.countryDialingCode ?? null,
      mobile_num: member.mobileNum ?? null,
      mobile_verified: Boolean(member.mobileNum && member.mobileVerified),
      payee_name: member.payeeName ?? null,
      birthday: member.birthday ?? null,
      contacts: JSON.stringify(member.contacts ?? {}),
      invite_code: member.inviteCode,
      upline_id: member.uplineId ?? null,
      referrer_id: member.referrerId ?? null,
      register_ip: member.registerIp ?? null,
      register_url: member.registerUrl ?? null,
      invited_by_code: member.invitedByCode ?? null,
      last_login_at: null,
      totp_secret: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setPassword(db: Executor, id: string, passwordHash: string) {
  await db
    .updateTable('members')
    .set({ password_hash: passwordHash, password_changed_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markMobileVerified(db: Executor, id: string) {
  await db.updateTable('members').set({ mobile_verified: true }).where('id', '=', id).execute();
}

/** Deletes the member only if it never signed in. */
export async function removeNeverSignedIn(db: Executor, id: string) {
  await db.deleteFrom('members').where('id', '=', id).where('last_login_at', 'is', null).execute();
}

export async function markLoggedIn(db: Executor, id: string, ip: string) {
  await db.updateTable('members').set({ last_login_at: new Date() }).where('id', '=', id).execute();
  await db
    .insertInto('member_known_ips')
    .values({ member_id: id, ip })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: sql`now()` }))
    .execute();
}

export async function knowsIp(db: Executor, id: string, ip: string): Promise<{ known: boolean; any: boolean }> {
  const rows = await db
    .selectFrom('member_known_ips')
    .select('ip')
    .where('member_id', '=', id)
    .orderBy(sql`ip = ${ip}`, 'desc')
    .limit(1)
    .execute();
  return { known: rows[0]?.ip === ip, any: rows.length > 0 };
}

export function recentIps(db: Executor, id: string, limit: number) {
  return db
    .selectFrom('member_known_ips')
    .select(['ip', 'last_seen_at'])
    .where('member_id', '=', id)
    .orderBy('last_seen_at', 'desc')
    .limit(limit)
    .execute();
}

export type TotpValues = Partial<Record<'totp_secret', string | null>> & {
  totp_enabled?: boolean;
  totp_always?: boolean;
};

export async function setTotp(db: Executor, id: string, values: TotpValues) {
  await db.updateTable('members').set(values).where('id', '=', id).execute();
}

export function isUniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string; detail?: string; message?: string };
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.detail ?? e.message ?? 'unique';
}
