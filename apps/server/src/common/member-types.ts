import { MEMBER_TYPES } from '@portal/shared/constants';

/** Agent types (41 and 42 also play). */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const isAgentType = (type: number) => AGENT_TYPES.includes(type);
/** Accounts that may play: players and the agent types that also play. */
export const PLAYER_TYPES: readonly number[] = [0, 41, 42];
/** A free-play account: demo money only, told a real account is needed for the rest. */
export const TRIAL_TYPE = MEMBER_TYPES.TRIAL;
/** Operators create players and agents; trial accounts only come from free play. */
export const OPERATOR_CREATABLE_TYPES = [0, 1, 2, 41, 42] as const;

/** How account names compare: case and surrounding spaces do not make another account. */
export function accountKey(account: string): string {
  return account.trim().toLowerCase();
}
