import type { Language, PrizeMode } from '@portal/shared/constants';
import { MEMBER_QUERY_KEY } from '@/lib/session';

/**
 * Query keys of the lottery. Public answers start with 'lottery'; the member's own (bets, recent games) start with
 * the member key, so signing in or out resets them.
 */
export const lotteryKeys = {
  all: ['lottery'] as const,
  menus: (prizeMode: PrizeMode, language: Language) => ['lottery', 'menus', prizeMode, language] as const,
  vnMenu: (prizeMode: PrizeMode, language: Language) => ['lottery', 'vn-menu', prizeMode, language] as const,
  vnOpened: (gameId: string) => ['lottery', 'vn-opened', gameId] as const,
  popular: (prizeMode: PrizeMode, language: Language) => ['lottery', 'popular', prizeMode, language] as const,
  detailsOf: (gameId: string) => ['lottery', 'details', gameId] as const,
  details: (gameId: string, language: Language) => ['lottery', 'details', gameId, language] as const,
  opened: (gameId: string) => ['lottery', 'opened', gameId] as const,
  results: (gameId: string) => ['lottery', 'results', gameId] as const,
  verification: (gameId: string, numero: string) => ['lottery', 'verify', gameId, numero] as const,
  winners: (language: Language) => ['lottery', 'winners', language] as const,
  recent: (prizeMode: PrizeMode) => [MEMBER_QUERY_KEY, 'lottery', 'recent', prizeMode] as const,
  bets: [MEMBER_QUERY_KEY, 'lottery', 'bets'] as const,
};

/** Spec section 9: the lottery calls name the web device. */
export const DEVICE_WEB = 'WEB';
