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
import type {
  Contract,
  ContractOverview,
  ContractStatement,
  ContractSwitches,
  IncomePage,
  StatementBet,
  StatementBetsPage,
} from '@portal/shared/contracts';
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

/** A daily-wage contract of the demo agent from the platform, active since 20 November. */
export function contract(overrides: Partial<Contract> = {}): Contract {
  return {
    id: '7',
    type: 'dailyWage',
    state: 'active',
    holder: 'demoagent',
    offerer: null,
    terms: {
      type: 'dailyWage',
      tiers: [
        { minBet: '0.00', rate: '0.50' },
        { minBet: '50000.00', rate: '0.80' },
      ],
    },
    offeredAt: '2026-11-20T04:00:00.000Z',
    acceptedAt: '2026-11-20T05:00:00.000Z',
    endedAt: null,
    endReason: null,
    events: [
      { state: 'offered', reason: null, by: null, at: '2026-11-20T04:00:00.000Z' },
      { state: 'active', reason: null, by: 'demoagent', at: '2026-11-20T05:00:00.000Z' },
    ],
    ...overrides,
  };
}

export function contractOverview(overrides: Partial<ContractOverview> = {}): ContractOverview {
  return {
    type: 'dailyWage',
    own: [],
    downline: [],
    canOffer: false,
    settings: {
      minPayout: '10.00',
      minActiveMembers: 1,
      platformFeeRate: '10.00',
      depositFeeRate: '1.00',
      withdrawalFeeRate: '1.00',
    },
    ...overrides,
  };
}

/** Yesterday's daily-wage statement of the demo agent, paid. */
export function statement(overrides: Partial<ContractStatement> = {}): ContractStatement {
  return {
    id: '31',
    contractId: '7',
    type: 'dailyWage',
    holder: 'demoagent',
    window: { key: 'day:2026-11-26', start: '2026-11-25T18:00:00.000Z', end: '2026-11-26T18:00:00.000Z' },
    lines: [
      { key: 'validBets', amount: '19300.00' },
      { key: 'activeMembers', count: 26, required: 1, passed: true },
      { key: 'tier', tier: 1, rate: '0.50' },
      { key: 'gross', amount: '96.50', rate: '0.50', base: '19300.00' },
      { key: 'downlineShares', amount: '-77.20' },
      { key: 'pendingIn', amount: '0.00' },
      { key: 'due', amount: '19.30' },
      { key: 'minimumPayout', amount: '10.00', passed: true },
      { key: 'paid', amount: '19.30' },
      { key: 'pendingOut', amount: '0.00' },
    ],
    paid: '19.30',
    carriedLoss: '0.00',
    pending: '0.00',
    entryId: '9001',
    settledAt: '2026-11-26T18:05:00.000Z',
    ...overrides,
  };
}

export function incomePage(list: ContractStatement[], overrides: Partial<IncomePage> = {}): IncomePage {
  return {
    list,
    pageNo: 1,
    pageSize: 20,
    totalCount: list.length,
    totalPages: list.length ? 1 : 0,
    totalPaid: '0.00',
    ...overrides,
  };
}

export function statementBet(overrides: Partial<StatementBet> = {}): StatementBet {
  return {
    id: '501',
    time: '2026-11-26T10:00:00.000Z',
    account: 'rahim01',
    type: 'bet',
    amount: '-100.00',
    reference: 'R-501',
    ...overrides,
  };
}

export function betsPage(list: StatementBet[], overrides: Partial<StatementBetsPage> = {}): StatementBetsPage {
  return { list, pageNo: 1, pageSize: 20, totalCount: list.length, totalPages: 1, ...overrides };
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

/** The consolidated funds call with the contract pages' switches: all off but those given. */
export function consolidatedFunds(switches: Partial<ContractSwitches> = {}) {
  return {
    currency: 'BDT',
    cash: '0.00',
    bonus: '0.00',
    withdrawalHold: '0.00',
    total: '0.00',
    divtypereq: false,
    dailysalreqtype: false,
    contracthoursalreq: false,
    realtimesalreqtype: false,
    ...switches,
  };
}
