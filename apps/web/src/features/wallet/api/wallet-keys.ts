import { MEMBER_QUERY_KEY } from '@/lib/session';

/**
 * Query keys of the wallet's member data. All start with the member key, so signing in or out resets them; the
 * balance keeps its own older key ([member, 'balance'], see get-balance.ts). Kept in one small file because the
 * header's balance socket (start-up bundle) invalidates some of them without loading the pages' code.
 */
const WALLET = [MEMBER_QUERY_KEY, 'wallet'] as const;

export const walletKeys = {
  all: WALLET,
  funds: [...WALLET, 'funds'] as const,
  channels: [...WALLET, 'channels'] as const,
  deposits: [...WALLET, 'deposits'] as const,
  payoutAccounts: [...WALLET, 'payout-accounts'] as const,
  eligibility: [...WALLET, 'eligibility'] as const,
  withdrawals: [...WALLET, 'withdrawals'] as const,
  parties: [...WALLET, 'parties'] as const,
  records: [...WALLET, 'records'] as const,
  /** The main wallet and the game vendors' wallets (transfer mode). */
  merchantWallets: [...WALLET, 'merchant-wallets'] as const,
};

/** Page size of the wallet's lists; the server caps it as well. */
export const WALLET_PAGE_SIZE = 10;
export const RECORD_PAGE_SIZE = 20;
