import { MEMBER_QUERY_KEY } from '@/lib/session';

/** Query keys of the agent centre: under the member key, so signing in or out resets them. */
const AGENT = [MEMBER_QUERY_KEY, 'agent'] as const;

export const agentKeys = {
  all: AGENT,
  overview: [...AGENT, 'team-overview'] as const,
  members: [...AGENT, 'team-members'] as const,
  transactions: [...AGENT, 'team-transactions'] as const,
  links: [...AGENT, 'invite-links'] as const,
  notices: [...AGENT, 'notices'] as const,
  /** The consolidated call, read for the contract pages' switches only. */
  switches: [...AGENT, 'contract-switches'] as const,
  contracts: [...AGENT, 'contracts'] as const,
  income: [...AGENT, 'income'] as const,
  betting: [...AGENT, 'team-betting'] as const,
  profitLoss: [...AGENT, 'team-profit-loss'] as const,
};

/** Rows of the team management list per page; the server caps it as well. */
export const TEAM_PAGE_SIZE = 20;
