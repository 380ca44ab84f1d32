// Statements against hand-computed examples: every figure below was worked out on paper from the lines it names.
import type { ContractTerms } from '@portal/shared/contracts';
import { toMinor } from '@portal/shared/money';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../http/errors.ts';
import {
  EMPTY_WINDOW,
  finishStatement,
  grossStatement,
  NO_CARRY,
  type StatementSettings,
  type TeamWindow,
} from './statement.ts';
import { parseTerms, paysAtMost } from './terms.ts';

const m = (text: string) => toMinor(text);
const settings: StatementSettings = {
  platformFeeRate: 1000, // 10 %
  depositFeeRate: 100, // 1 %
  withdrawalFeeRate: 100,
  minActiveMembers: 5,
  minPayout: m('10.00'),
};
const team = (fields: Partial<TeamWindow>): TeamWindow => ({ ...EMPTY_WINDOW, ...fields });
const line = (lines: { key: string }[], key: string) => lines.find((l) => l.key === key);

const dailyWage = parseTerms('dailyWage', {
  type: 'dailyWage',
  tiers: [
    { minBet: '0.00', rate: '0.50' },
    { minBet: '50000.00', rate: '0.80' },
  ],
});
const dividend = parseTerms('dividend', {
  type: 'dividend',
  period: 'monthly',
  tiers: [
    { minValidBet: '0.00', minProfitLoss: '0.00', minActiveMembers: 0, rate: '20.00' },
    { minValidBet: '100000.00', minProfitLoss: '10000.00', minActiveMembers: 5, rate: '30.00' },
  ],
});

describe('daily wage', () => {
  it('pays the tier the day reached on the valid bets, less what the downline contracts earn', () => {
    // 100,000.00 reaches the 50,000.00 tier: 0.80 % = 800.00; the downline's contracts earned 300.00.
    const gross = grossStatement(dailyWage, team({ validBets: m('100000.00'), activeMembers: 7 }), settings, NO_CARRY);
    expect(gross.gross).toBe(m('800.00'));
    expect(line(gross.lines, 'tier')).toEqual({ key: 'tier', tier: 2, rate: '0.80' });
    const statement = finishStatement(gross, m('300.00'), NO_CARRY, settings.minPayout);
    expect(statement.paid).toBe(m('500.00'));
    expect(statement.pending).toBe(0n);
    expect(line(statement.lines, 'downlineShares')).toMatchObject({ amount: '-300.00' });
  });

  it('rounds down to the paisa', () => {
    // 333.33 × 0.50 % = 1.66665 → 1.66
    const gross = grossStatement(
      dailyWage,
      team({ validBets: m('333.33'), activeMembers: 1 }),
      { ...settings, minActiveMembers: 1 },
      NO_CARRY,
    );
    expect(gross.gross).toBe(m('1.66'));
  });

  it('keeps a payment below the minimum for the next window, which pays both', () => {
    const relaxed = { ...settings, minActiveMembers: 1 };
    // 1,500.00 × 0.50 % = 7.50 < 10.00: kept.
    const first = finishStatement(
      grossStatement(dailyWage, team({ validBets: m('1500.00'), activeMembers: 2 }), relaxed, NO_CARRY),
      0n,
      NO_CARRY,
      relaxed.minPayout,
    );
    expect(first.paid).toBe(0n);
    expect(first.pending).toBe(m('7.50'));
    expect(line(first.lines, 'minimumPayout')).toMatchObject({ amount: '10.00', passed: false });
    // 800.00 × 0.50 % = 4.00, with 7.50 kept: 11.50 is paid.
    const carry = { loss: 0n, pending: first.pending };
    const second = finishStatement(
      grossStatement(dailyWage, team({ validBets: m('800.00'), activeMembers: 2 }), relaxed, carry),
      0n,
      carry,
      relaxed.minPayout,
    );
    expect(second.paid).toBe(m('11.50'));
    expect(second.pending).toBe(0n);
  });

  it('pays nothing when too few members were active, and never charges the holder for its downline', () => {
    const gross = grossStatement(dailyWage, team({ validBets: m('90000.00'), activeMembers: 4 }), settings, NO_CARRY);
    expect(line(gross.lines, 'activeMembers')).toEqual({ key: 'activeMembers', count: 4, required: 5, passed: false });
    expect(gross.gross).toBe(0n);
    expect(finishStatement(gross, m('100.00'), NO_CARRY, settings.minPayout).paid).toBe(0n);
  });
});

describe('dividend', () => {
  const month = team({
    validBets: m('200000.00'),
    wins: m('180000.00'),
    bonuses: m('1500.00'),
    deposits: m('50000.00'),
    withdrawals: m('30000.00'),
    activeMembers: 6,
  });

  it('takes the platform fee, bonuses, channel fees and the carried loss off the team loss, then the tier rate', () => {
    // Team loss 20,000.00 − fee 2,000.00 − bonuses 1,500.00 − deposit fees 500.00 − withdrawal fees 300.00
    // − carried loss 5,000.00 = 10,700.00; 200,000.00 bets, 20,000.00 loss and 6 active reach the 30 % tier.
    const carry = { loss: m('-5000.00'), pending: 0n };
    const gross = grossStatement(dividend, month, settings, carry);
    expect(gross.lines.map((l) => [l.key, l.amount])).toEqual([
      ['validBets', '200000.00'],
      ['teamProfitLoss', '20000.00'],
      ['platformFee', '-2000.00'],
      ['bonuses', '-1500.00'],
      ['depositFees', '-500.00'],
      ['withdrawalFees', '-300.00'],
      ['carriedLossIn', '-5000.00'],
      ['netProfit', '10700.00'],
      ['activeMembers', undefined],
      ['tier', undefined],
      ['gross', '3210.00'],
    ]);
    const statement = finishStatement(gross, 0n, carry, settings.minPayout);
    expect(statement.paid).toBe(m('3210.00'));
    expect(statement.carriedLoss).toBe(0n);
    expect(line(statement.lines, 'carriedLossOut')).toMatchObject({ amount: '0.00' });
  });

  it('carries a loss into the next period and pays nothing', () => {
    // The team won: 150,000.00 staked, 160,000.00 paid out: −10,000.00 − fees on cash 800.00 − bonuses 1,500.00.
    const won = { ...month, wins: m('160000.00'), validBets: m('150000.00') };
    const gross = grossStatement(dividend, won, settings, NO_CARRY);
    expect(line(gross.lines, 'platformFee')).toMatchObject({ amount: '0.00' });
    expect(gross.gross).toBe(0n);
    expect(gross.carriedLossOut).toBe(m('-12300.00'));
    const statement = finishStatement(gross, 0n, NO_CARRY, settings.minPayout);
    expect(statement.paid).toBe(0n);
    expect(statement.carriedLoss).toBe(m('-12300.00'));
  });

  it('does not carry a profit that earned nothing for want of active members', () => {
    const gross = grossStatement(dividend, { ...month, activeMembers: 3 }, settings, NO_CARRY);
    expect(gross.gross).toBe(0n);
    expect(gross.carriedLossOut).toBe(0n);
  });

  it('applies the lower tier when one threshold of the upper is missed', () => {
    // Same month with a loss of only 9,000.00 (wins 191,000.00): 9,000 − 900 − 1,500 − 500 − 300 = 5,800 at 20 %.
    const gross = grossStatement(dividend, { ...month, wins: m('191000.00') }, settings, NO_CARRY);
    expect(line(gross.lines, 'tier')).toMatchObject({ tier: 1, rate: '20.00' });
    expect(gross.gross).toBe(m('1160.00'));
  });
});

describe('real-time salary', () => {
  const terms = parseTerms('realTimeSalary', {
    type: 'realTimeSalary',
    tiers: [
      { minSingleBet: '10.00', profitRate: '0.10', lossRate: '0.30' },
      { minSingleBet: '1000.00', profitRate: '0.20', lossRate: '0.50' },
    ],
  });

  it('pays each settled bet by its stake, tier and outcome; small bets and pushes earn nothing', () => {
    const rounds = [
      { stake: m('100.00'), payout: m('250.00') }, // won, tier 1: 0.10
      { stake: m('100.00'), payout: 0n }, // lost, tier 1: 0.30
      { stake: m('5.00'), payout: 0n }, // below the smallest single bet
      { stake: m('2000.00'), payout: 0n }, // lost, tier 2: 10.00
      { stake: m('50.00'), payout: m('50.00') }, // push
    ];
    const gross = grossStatement(
      terms,
      team({ rounds, activeMembers: 3 }),
      { ...settings, minActiveMembers: 0 },
      NO_CARRY,
    );
    expect(gross.lines.filter((l) => l.key.startsWith('realTime'))).toEqual([
      { key: 'realTimeWon', tier: 1, count: 1, base: '100.00', rate: '0.10', amount: '0.10' },
      { key: 'realTimeLost', tier: 1, count: 1, base: '100.00', rate: '0.30', amount: '0.30' },
      { key: 'realTimeLost', tier: 2, count: 1, base: '2000.00', rate: '0.50', amount: '10.00' },
    ]);
    expect(gross.gross).toBe(m('10.40'));
  });
});

describe('terms', () => {
  const bet = (...tiers: [string, string][]) =>
    parseTerms('dailyWage', { type: 'dailyWage', tiers: tiers.map(([minBet, rate]) => ({ minBet, rate })) });

  it('refuses tiers that do not rise, rates that fall, a wrong type and rates above 100 %', () => {
    const refused = (terms: ContractTerms, type: 'dailyWage' | 'dividend' = 'dailyWage') => {
      try {
        parseTerms(type, terms);
        return null;
      } catch (error) {
        return (error as AppError).code;
      }
    };
    expect(
      refused({
        type: 'dailyWage',
        tiers: [
          { minBet: '100.00', rate: '0.50' },
          { minBet: '100.00', rate: '0.60' },
        ],
      }),
    ).toBe('CONTRACT_TERMS_INVALID');
    expect(
      refused({
        type: 'dailyWage',
        tiers: [
          { minBet: '0.00', rate: '0.50' },
          { minBet: '100.00', rate: '0.40' },
        ],
      }),
    ).toBe('CONTRACT_TERMS_INVALID');
    expect(refused({ type: 'dailyWage', tiers: [{ minBet: '0.00', rate: '100.01' }] })).toBe('CONTRACT_TERMS_INVALID');
    expect(refused({ type: 'dailyWage', tiers: [] })).toBe('CONTRACT_TERMS_INVALID');
    expect(refused({ type: 'dailyWage', tiers: [{ minBet: '1e5', rate: '0.5' }] })).toBe('CONTRACT_TERMS_INVALID');
    expect(refused({ type: 'dailyWage', tiers: [{ minBet: '0', rate: '0.5' }] }, 'dividend')).toBe(
      'CONTRACT_TERMS_INVALID',
    );
    expect(refused({ type: 'dailyWage', tiers: [{ minBet: '0', rate: '0.5' }] })).toBeNull();
  });

  it('compares tables wherever either one changes rate', () => {
    const own = bet(['0.00', '0.50'], ['50000.00', '0.80']);
    expect(paysAtMost(bet(['0.00', '0.50']), own)).toBe(true);
    expect(paysAtMost(bet(['0.00', '0.40'], ['50000.00', '0.80']), own)).toBe(true);
    // 0.70 from 10,000.00 beats own 0.50 between 10,000 and 50,000.
    expect(paysAtMost(bet(['0.00', '0.40'], ['10000.00', '0.70']), own)).toBe(false);
    // Paying from a lower threshold than own pays anything is more.
    expect(paysAtMost(bet(['0.00', '0.10']), bet(['100.00', '0.50']))).toBe(false);
    expect(paysAtMost(own, own)).toBe(true);
  });
});
