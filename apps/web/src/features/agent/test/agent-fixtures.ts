import type {
  InviteLink,
  InviteLinks,
  TeamFigures,
  TeamMember,
  TeamMembersPage,
  TeamOverview,
  TeamTransaction,
  TeamTransactionsPage,
} from '@portal/shared/agents';
import { addDays, format, parseISO } from 'date-fns';

export function teamFigures(overrides: Partial<TeamFigures> = {}): TeamFigures {
  return {
    members: 1234,
    newRegistrations: 12,
    activeMembers: 345,
    firstDeposits: 7,
    deposits: '125000.50',
    depositCount: 48,
    withdrawals: '82000.00',
    withdrawalCount: 1,
    validBets: '1530000.25',
    bonuses: '2500.00',
    profitLoss: '-43210.75',
    ...overrides,
  };
}

/** An overview of from..to whose every day carries the same small figures (the totals as given). */
export function teamOverview(from: string, to: string, totals: Partial<TeamFigures> = {}): TeamOverview {
  const days: TeamOverview['days'] = [];
  for (let day = parseISO(from); format(day, 'yyyy-MM-dd') <= to; day = addDays(day, 1)) {
    const { members: _members, ...figures } = teamFigures({
      newRegistrations: 2,
      firstDeposits: 1,
      deposits: '1000.00',
      withdrawals: '400.00',
      validBets: '5000.00',
      profitLoss: '-250.00',
    });
    days.push({ day: format(day, 'yyyy-MM-dd'), ...figures });
  }
  return { from, to, totals: teamFigures(totals), days };
}

export function teamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    account: 'rahim01',
    nickname: null,
    type: 0,
    level: 1,
    upline: 'demoagent',
    directCount: 0,
    teamSize: 0,
    balance: '1500.00',
    status: 'active',
    createdAt: '2026-11-01T04:00:00.000Z',
    lastLoginAt: '2026-11-26T14:30:00.000Z',
    ...overrides,
  };
}

export function membersPage(list: TeamMember[], overrides: Partial<TeamMembersPage> = {}): TeamMembersPage {
  return { list, pageNo: 1, pageSize: 20, totalCount: list.length, totalPages: 1, path: [], ...overrides };
}

export function teamTransaction(overrides: Partial<TeamTransaction> = {}): TeamTransaction {
  return {
    id: '101',
    time: '2026-11-26T14:30:00.000Z',
    account: 'rahim01',
    level: 1,
    type: 'deposit',
    amount: '1500.00',
    balanceAfter: '3000.00',
    reference: 'D202611260001',
    ...overrides,
  };
}

export function transactionsPage(
  list: TeamTransaction[],
  overrides: Partial<TeamTransactionsPage> = {},
): TeamTransactionsPage {
  return {
    list,
    pageNo: 1,
    pageSize: 20,
    totalCount: list.length,
    totalPages: list.length ? 1 : 0,
    totalIn: '0.00',
    totalOut: '0.00',
    ...overrides,
  };
}

export function inviteLink(overrides: Partial<InviteLink> = {}): InviteLink {
  return {
    id: '7',
    code: 'FB3TEAM7RX',
    source: 'facebook-page',
    note: 'Pinned post',
    enabled: true,
    createdAt: '2026-11-01T04:00:00.000Z',
    registrations: 12,
    firstDeposits: 5,
    deposits: '12500.50',
    depositCount: 9,
    ...overrides,
  };
}

export function inviteLinks(list: InviteLink[], overrides: Partial<InviteLinks> = {}): InviteLinks {
  return {
    defaultLink: { code: 'AGENT8CD', registrations: 40, firstDeposits: 22, deposits: '88000.00', depositCount: 61 },
    list,
    max: 100,
    ...overrides,
  };
}
