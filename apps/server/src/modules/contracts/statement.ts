// A contract's statement for one window, line by line, from the team's figures of the window: pure arithmetic in minor
// units, so that the settlement job, the what-if and the tests compute it one way. Every rate rounds down to the
// paisa (a payment never exceeds its exact share).
import type { StatementLine } from '@portal/shared/contracts';
import { fromMinor } from '@portal/shared/money';
import { FULL_RATE, type Rate, rateText, type Terms } from './terms.ts';

/** A team's window, amounts in minor units: the holder's whole subtree, the holder excluded. */
export interface TeamWindow {
  /** Stakes taken in the window less stakes refunded in it. */
  validBets: bigint;
  /** Payouts in the window. */
  wins: bigint;
  /** Bonuses and rebates credited, and operators' positive adjustments. */
  bonuses: bigint;
  deposits: bigint;
  withdrawals: bigint;
  /** Members with a stake in the window. */
  activeMembers: number;
  /** Real-time salary only: each round staked in the window, with what it paid by the cut-off. */
  rounds: { stake: bigint; payout: bigint }[];
}

export const EMPTY_WINDOW: TeamWindow = {
  validBets: 0n,
  wins: 0n,
  bonuses: 0n,
  deposits: 0n,
  withdrawals: 0n,
  activeMembers: 0,
  rounds: [],
};

export interface StatementSettings {
  platformFeeRate: Rate;
  depositFeeRate: Rate;
  withdrawalFeeRate: Rate;
  minActiveMembers: number;
  minPayout: bigint;
}

/** What the previous statement of the contract left: a loss to set against profit, an amount below the minimum. */
export interface Carry {
  loss: bigint;
  pending: bigint;
}
export const NO_CARRY: Carry = { loss: 0n, pending: 0n };

/** The first half of a statement: what the contract earns before its downline's shares. */
export interface GrossStatement {
  lines: StatementLine[];
  gross: bigint;
  carriedLossOut: bigint;
}

export interface Statement {
  lines: StatementLine[];
  gross: bigint;
  paid: bigint;
  carriedLoss: bigint;
  pending: bigint;
}

const share = (amount: bigint, rate: Rate) => (amount > 0n ? (amount * BigInt(rate)) / BigInt(FULL_RATE) : 0n);
const money = (amount: bigint) => fromMinor(amount);

function highestTier<T>(tiers: T[], reached: (tier: T) => boolean): number {
  for (let i = tiers.length - 1; i >= 0; i--) if (reached(tiers[i]!)) return i;
  return -1;
}

function activeLine(team: TeamWindow, settings: StatementSettings): StatementLine {
  return {
    key: 'activeMembers',
    count: team.activeMembers,
    required: settings.minActiveMembers,
    passed: team.activeMembers >= settings.minActiveMembers,
  };
}

function tierLine(index: number, rate: Rate): StatementLine {
  return { key: 'tier', tier: index + 1, rate: rateText(index < 0 ? 0 : rate) };
}

/** The window's earnings of a contract with these terms, before what its own downline contracts take. */
export function grossStatement(
  terms: Terms,
  team: TeamWindow,
  settings: StatementSettings,
  carry: Carry,
): GrossStatement {
  const active = activeLine(team, settings);
  switch (terms.type) {
    case 'dividend': {
      const platformWin = team.validBets - team.wins;
      const platformFee = share(platformWin, settings.platformFeeRate);
      const depositFees = share(team.deposits, settings.depositFeeRate);
      const withdrawalFees = share(team.withdrawals, settings.withdrawalFeeRate);
      const net = platformWin - platformFee - team.bonuses - depositFees - withdrawalFees + carry.loss;
      const index = highestTier(
        terms.tiers,
        (t) =>
          team.validBets >= t.minValidBet && platformWin >= t.minProfitLoss && team.activeMembers >= t.minActiveMembers,
      );
      const rate = index < 0 ? 0 : terms.tiers[index]!.rate;
      const gross = active.passed && net > 0n ? share(net, rate) : 0n;
      return {
        lines: [
          { key: 'validBets', amount: money(team.validBets) },
          { key: 'teamProfitLoss', amount: money(platformWin) },
          {
            key: 'platformFee',
            amount: money(-platformFee),
            rate: rateText(settings.platformFeeRate),
            base: money(platformWin > 0n ? platformWin : 0n),
          },
          { key: 'bonuses', amount: money(-team.bonuses) },
          {
            key: 'depositFees',
            amount: money(-depositFees),
            rate: rateText(settings.depositFeeRate),
            base: money(team.deposits),
          },
          {
            key: 'withdrawalFees',
            amount: money(-withdrawalFees),
            rate: rateText(settings.withdrawalFeeRate),
            base: money(team.withdrawals),
          },
          { key: 'carriedLossIn', amount: money(carry.loss) },
          { key: 'netProfit', amount: money(net) },
          active,
          tierLine(index, rate),
          { key: 'gross', amount: money(gross), rate: rateText(rate), base: money(net > 0n ? net : 0n) },
        ],
        gross,
        // A loss is carried whatever the tier; a profit that earned nothing (too few active members) is not.
        carriedLossOut: net < 0n ? net : 0n,
      };
    }
    case 'dailyWage':
    case 'hourlySalary': {
      const index = highestTier(terms.tiers, (t) => team.validBets >= t.minBet);
      const rate = index < 0 ? 0 : terms.tiers[index]!.rate;
      const gross = active.passed ? share(team.validBets, rate) : 0n;
      return {
        lines: [
          { key: 'validBets', amount: money(team.validBets) },
          active,
          tierLine(index, rate),
          { key: 'gross', amount: money(gross), rate: rateText(rate), base: money(team.validBets) },
        ],
        gross,
        carriedLossOut: 0n,
      };
    }
    case 'realTimeSalary': {
      // Stakes by tier and outcome; each group's rate applies once to its sum.
      const groups = terms.tiers.map(() => ({ won: 0n, wonCount: 0, lost: 0n, lostCount: 0 }));
      for (const round of team.rounds) {
        const index = highestTier(terms.tiers, (t) => round.stake >= t.minSingleBet);
        if (index < 0 || round.stake <= 0n) continue;
        const group = groups[index]!;
        if (round.payout > round.stake) {
          group.won += round.stake;
          group.wonCount++;
        } else if (round.payout < round.stake) {
          group.lost += round.stake;
          group.lostCount++;
        }
      }
      const lines: StatementLine[] = [active];
      let gross = 0n;
      groups.forEach((group, index) => {
        const tier = terms.tiers[index]!;
        if (group.wonCount > 0) {
          const amount = active.passed ? share(group.won, tier.profitRate) : 0n;
          gross += amount;
          lines.push({
            key: 'realTimeWon',
            tier: index + 1,
            count: group.wonCount,
            base: money(group.won),
            rate: rateText(tier.profitRate),
            amount: money(amount),
          });
        }
        if (group.lostCount > 0) {
          const amount = active.passed ? share(group.lost, tier.lossRate) : 0n;
          gross += amount;
          lines.push({
            key: 'realTimeLost',
            tier: index + 1,
            count: group.lostCount,
            base: money(group.lost),
            rate: rateText(tier.lossRate),
            amount: money(amount),
          });
        }
      });
      lines.push({ key: 'gross', amount: money(gross) });
      return { lines, gross, carriedLossOut: 0n };
    }
  }
}

/**
 * The statement's end: the downline contracts' shares come off (what they take beyond the gross is the platform's
 * cost, never the holder's debt), an earlier amount below the minimum payout comes back, and the total is paid when
 * it reaches the minimum, else kept for the next window.
 */
export function finishStatement(
  gross: GrossStatement,
  downlineShares: bigint,
  carry: Carry,
  minPayout: bigint,
): Statement {
  const earned = gross.gross > downlineShares ? gross.gross - downlineShares : 0n;
  const due = earned + carry.pending;
  const paid = due >= minPayout && due > 0n ? due : 0n;
  const pending = due - paid;
  const lines: StatementLine[] = [
    ...gross.lines,
    { key: 'downlineShares', amount: money(-downlineShares) },
    { key: 'pendingIn', amount: money(carry.pending) },
    { key: 'due', amount: money(due) },
    { key: 'minimumPayout', amount: money(minPayout), passed: paid > 0n },
    { key: 'paid', amount: money(paid) },
  ];
  if (gross.carriedLossOut < 0n || carry.loss < 0n)
    lines.push({ key: 'carriedLossOut', amount: money(gross.carriedLossOut) });
  lines.push({ key: 'pendingOut', amount: money(pending) });
  return { lines, gross: gross.gross, paid, carriedLoss: gross.carriedLossOut, pending };
}
