import type { HousePlayMode, HouseSessionValue } from '@portal/shared/house-games';
import { DEMO_CURRENCY } from '@portal/shared/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiGet, apiSend } from '@/lib/api-client';

// How every house page plays (slot, dice, baccarat; each in its own folder beside this one, with its strings in its
// own i18n files under `house.<kind>` and its own styles/house-<kind>.css; the router adds the pages):
// - It starts with the session: real money, a trial member's demo money, or free play without an account.
// - In free play the server answers `balance: null`; the page keeps its own balance from FREE_PLAY_BALANCE.
// - A round's key is made before the request; a network failure (code NETWORK or status >= 500) is retried with
//   the same body, so a lost answer never plays twice.
// - Refusals (INSUFFICIENT_FUNDS with value.balance, SESSION_EXPIRED, AMOUNT_INVALID, GAME_MAINTENANCE) show the
//   server's translated message inline (role="alert"); the play button is off while a round is in flight.

/**
 * What the launch put in a house game's address (`/house/<kind>?token=…&lang=…&mode=…`): the launch session's
 * token (absent in free play) and the language. Read once per render from the iframe's own URL.
 */
export interface HouseLaunch {
  token: string | undefined;
  language: 'bn' | 'en';
}

export function useHouseLaunch(): HouseLaunch {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || undefined;
  return { token, language: params.get('lang') === 'en' ? 'en' : 'bn' };
}

export const houseKeys = {
  session: (token: string | undefined) => ['house', 'session', token ?? 'free'] as const,
};

/** GET /house/api/session: real, demo or free play, and the balance to start from. */
export function getHouseSession(token: string | undefined, signal?: AbortSignal): Promise<HouseSessionValue> {
  return apiGet<HouseSessionValue>('/house/api/session', { params: { token }, signal });
}

export function useHouseSession(token: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: houseKeys.session(token),
      queryFn: ({ signal }) => getHouseSession(token, signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  );
}

/** POST one play to the house game server; the body carries the token and the page's round key. */
export function housePlay<T>(path: string, body: object): Promise<T> {
  return apiSend<T>('POST', `/house/api/${path}`, { body });
}

/** A fresh key for a round, made before the request so that a retry of it plays nothing twice. */
export function newRoundKey(): string {
  return crypto.randomUUID();
}

export function isFreePlay(mode: HousePlayMode | undefined): boolean {
  return mode === 'free';
}

/**
 * The currency a house page shows its amounts in: the session's in real play; a trial member's and free play's money
 * is demo money, shown as the portal's header shows it (without the brand's symbol).
 */
export function playCurrency(session: Pick<HouseSessionValue, 'mode' | 'currency'>): string {
  return session.mode === 'real' ? session.currency : DEMO_CURRENCY;
}
