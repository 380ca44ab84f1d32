// Helpers for tests of accounts and sign-in: addresses, captchas, registrations, logins, the outbox and settings.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, TEST_CAPTCHA, type TestPortal } from './harness.ts';

export interface PortalContext {
  portal: TestPortal;
  admin: Record<string, string>;
}

let addressCounter = 0;
/** A client address no other test of the file uses, so per-address limits and locks stay apart. */
export function nextIp(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let nameCounter = 0;
/** A fresh valid user name (letter first, letters and digits, 4 to 16 characters). */
export function nextName(prefix = 'user'): string {
  nameCounter += 1;
  return `${prefix}${nameCounter}${Math.random().toString(36).slice(2, 6)}`.slice(0, 16);
}

let mobileCounter = 0;
/** A fresh ten-digit mobile number. */
export function nextMobile(): string {
  mobileCounter += 1;
  return `17${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}${String(mobileCounter).padStart(4, '0')}`;
}

export const EN = { 'accept-language': 'en' };

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Fetches a captcha as a browser would and returns the header that names it; its text is TEST_CAPTCHA. */
export async function captchaHeaders(app: FastifyInstance, ip: string): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/wps/captcha', remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  return { 'x-captcha-id': String(response.headers['x-captcha-id']) };
}

export interface RegisterOptions {
  ip?: string;
  /** null: no captcha at all (no image fetched); a text: that answer instead of the right one. */
  captcha?: string | null;
  mobile?: boolean;
}

/** PUT /wps/member/register (or /mobile) with a fresh captcha; `fields` override the defaults. */
export async function register(
  app: FastifyInstance,
  fields: Record<string, unknown> = {},
  options: RegisterOptions = {},
) {
  const ip = options.ip ?? nextIp();
  const password = 'Secret123';
  const payload: Record<string, unknown> = options.mobile
    ? { password, confirmPassword: password, acceptTerms: true }
    : { username: nextName(), password, confirmPassword: password, acceptTerms: true };
  if (options.captcha !== null) payload.captcha = options.captcha ?? TEST_CAPTCHA;
  Object.assign(payload, fields);
  for (const [key, value] of Object.entries(payload)) if (value === undefined) delete payload[key];
  return call(app, {
    method: 'PUT',
    url: options.mobile ? '/wps/member/register/mobile' : '/wps/member/register',
    headers: { ...EN, ...(options.captcha === null ? {} : await captchaHeaders(app, ip)) },
    remoteAddress: ip,
    payload,
  });
}

/** Registers a member that must succeed; returns the name, password, token and the address used. */
export async function registered(app: FastifyInstance, fields: Record<string, unknown> = {}, ip = nextIp()) {
  const result = await register(app, fields, { ip });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return {
    username: result.body.value.account as string,
    password: (fields.password as string | undefined) ?? 'Secret123',
    token: result.body.value.token as string,
    ip,
  };
}

export interface LoginOptions {
  ip: string;
  /** Send a fresh captcha with the login. */
  captcha?: boolean;
  portal?: 'member' | 'agent';
  /** The browser's device id cookie (portal_device). */
  device?: string;
}

export async function login(app: FastifyInstance, username: string, password: string, options: LoginOptions) {
  const headers: Record<string, string> = {
    ...EN,
    ...(options.captcha ? await captchaHeaders(app, options.ip) : {}),
    ...(options.device ? { cookie: `portal_device=${options.device}` } : {}),
  };
  return call(app, {
    method: 'POST',
    url: '/wps/session/login',
    headers,
    remoteAddress: options.ip,
    payload: {
      type: 'username',
      username,
      password,
      ...(options.captcha ? { captcha: TEST_CAPTCHA } : {}),
      ...(options.portal ? { portal: options.portal } : {}),
    },
  });
}

/** Messages in the development outbox for one recipient, newest first (operator API). */
export async function outbox(context: PortalContext, recipient: string) {
  const { status, body } = await call(context.portal.app, {
    method: 'GET',
    url: `/admin/api/outbox?recipient=${encodeURIComponent(recipient)}`,
    headers: context.admin,
  });
  expect(status).toBe(200);
  return body.value as { body: string; subject: string | null; channel: string; recipient: string }[];
}

/** The six-digit code of the newest message to a recipient. */
export async function latestCode(context: PortalContext, recipient: string): Promise<string> {
  const [message] = await outbox(context, recipient);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

export async function setFlags(context: PortalContext, flags: Record<string, boolean>) {
  const { status } = await call(context.portal.app, {
    method: 'PUT',
    url: '/admin/api/flags',
    headers: context.admin,
    payload: flags,
  });
  expect(status).toBe(200);
}

/** Reads a brand setting, lets the test change it, and stores it through the operator API. */
export async function updateSetting<T = Record<string, unknown>>(
  context: PortalContext,
  key: string,
  change: (value: T) => void,
): Promise<T> {
  const current = await call(context.portal.app, {
    method: 'GET',
    url: `/admin/api/settings/${key}`,
    headers: context.admin,
  });
  const value = structuredClone(current.body.value) as T;
  change(value);
  const { status, body } = await call(context.portal.app, {
    method: 'PUT',
    url: `/admin/api/settings/${key}`,
    headers: context.admin,
    payload: value as Record<string, unknown>,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return current.body.value as T;
}

/** Opens an account through the operator API (POST /admin/api/members). */
export async function createByOperator(context: PortalContext, fields: Record<string, unknown>) {
  const { status, body } = await call(context.portal.app, {
    method: 'POST',
    url: '/admin/api/members',
    headers: context.admin,
    payload: { type: 0, password: '123456', ...fields },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.value as { id: string; account: string; inviteCode: string };
}

/** A member's id by account name. */
export async function memberIdOf(context: PortalContext, account: string): Promise<string> {
  const row = await context.portal.database.db
    .selectFrom('members')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function countMembers(context: PortalContext): Promise<number> {
  const row = await context.portal.database.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Audit actions recorded for an actor, oldest first. */
export async function auditActions(context: PortalContext, actor: string): Promise<string[]> {
  const rows = await context.portal.database.db
    .selectFrom('audit_log')
    .select('action')
    .where('actor', '=', actor)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Registers by user name with a mobile number and proves the number with the code the security centre sends,
 * so the number can sign in, reset the password and receive login codes.
 */
export async function registeredWithMobile(
  context: PortalContext,
  fields: Record<string, unknown> & { mobileNum: string },
  ip = nextIp(),
) {
  const member = await registered(context.portal.app, fields, ip);
  const headers = { authorization: `Bearer ${member.token}` };
  const sent = await call(context.portal.app, {
    method: 'POST',
    url: '/wps/member/security/mobile/code',
    headers,
    remoteAddress: ip,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await latestCode(
    context,
    `${(fields.countryDialingCode as string | undefined) ?? '880'}${fields.mobileNum}`,
  );
  const verified = await call(context.portal.app, {
    method: 'POST',
    url: '/wps/member/security/mobile/verify',
    headers,
    remoteAddress: ip,
    payload: { code },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  expect(verified.body.value.mobileVerified).toBe(true);
  // The next code to the number may go out only a second after the verification code.
  await sleep(1050);
  return member;
}
