import { LIMITS } from '@portal/shared/constants';
import { MEMBER_QUERY_KEY } from '@/lib/session';

/**
 * Query keys of the games catalogue. The public lists start with 'games'; whatever depends on the signed-in
 * member (favourites, recent games) starts with the member key, so signing in or out resets it.
 */
export const gameKeys = {
  list: ['games', 'list'] as const,
  hot: ['games', 'hot'] as const,
  winners: ['games', 'winners'] as const,
  favourites: [MEMBER_QUERY_KEY, 'games', 'favourites'] as const,
  favouriteIds: [MEMBER_QUERY_KEY, 'games', 'favourites', 'ids'] as const,
  favouriteList: [MEMBER_QUERY_KEY, 'games', 'favourites', 'list'] as const,
  recent: [MEMBER_QUERY_KEY, 'games', 'recent'] as const,
};

/** Spec section 9: the slots page shows 15 games a page. */
export const SLOTS_PAGE_SIZE = LIMITS.slotsPageSize;

/** Spec section 7: the recent-games call names the client (3, the web client). */
export const CLIENT_TYPE_WEB = 3;
