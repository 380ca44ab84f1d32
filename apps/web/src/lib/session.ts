import { MEMBER_TYPES } from '@portal/shared/constants';
import { removeStorage, writeStorage } from './storage';

/**
 * The session itself is an httpOnly cookie that page scripts never see. Beside it the server sets a readable
 * `portal_member=1` cookie: a synchronous hint that a session probably exists, for the route guard and to
 * decide whether asking for the member's info is worth a request. GET /wps/member/info stays the truth.
 *
 * Every query whose answer depends on the signed-in member has a key starting with 'member', so signing in
 * or out resets them all at once (see MEMBER_QUERY_KEY).
 */
export const SESSION_HINT_COOKIE = 'portal_member';
export const MEMBER_QUERY_KEY = 'member';

/** Spec section 3: the member type in session storage; account and names in local storage. */
export const MEMBER_TYPE_KEY = 'isAgent';
const PROFILE_KEYS = ['account', 'username', 'nickname'] as const;

export function hasSessionHint(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE}=1`);
}

export function clearSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed name and no value; the Cookie Store API is missing in some browsers
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

export interface SessionProfile {
  account: string;
  /** The login answer's userName; the member info has none, so it is kept from login. */
  username?: string;
  nickname?: string | null;
  type: number;
}

export function storeSessionProfile(profile: SessionProfile): void {
  writeStorage('session', MEMBER_TYPE_KEY, String(profile.type));
  writeStorage('local', 'account', profile.account);
  if (profile.username !== undefined) writeStorage('local', 'username', profile.username);
  if (profile.nickname !== undefined) {
    if (profile.nickname) writeStorage('local', 'nickname', profile.nickname);
    else removeStorage('local', 'nickname');
  }
}

export function clearSessionProfile(): void {
  removeStorage('session', MEMBER_TYPE_KEY);
  for (const key of PROFILE_KEYS) removeStorage('local', key);
}

/** Agents (spec section 9: 1, 2, 41, 42) see 'Agent' in the header and may use the agent pages. */
export function isAgentType(type: number): boolean {
  return (MEMBER_TYPES.ACCOUNT_CENTRE as readonly number[]).includes(type);
}

/** A free-play trial account: told that a real account is needed for the member centre. */
export function isTrialType(type: number): boolean {
  return type === MEMBER_TYPES.TRIAL;
}
