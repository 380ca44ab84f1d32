import {
  HOUSE_GAME_NODES,
  type HouseRoundValue,
  type SlotInfoValue,
  type SlotRoundValue,
  type SlotSpinValue,
} from '@portal/shared/house-games';
import { fromMinor, toMinor } from '@portal/shared/money';
import { InvalidInput } from '../../../http/errors.ts';
import {
  LINE_COUNT,
  PAYLINES,
  playRound,
  type RoundResult,
  SLOT_EXACT_RTP,
  SLOT_PAYTABLE,
  SLOT_RULES,
  SLOT_VOLATILITY,
  SYMBOLS,
} from '../slot/index.ts';
import type { HouseGame } from './types.ts';

/** The bets per line a player can choose (0.01 to 5.00); the stake is one of them times the 20 lines. */
export const SLOT_BETS_PER_LINE_MINOR: readonly bigint[] = [1n, 2n, 5n, 10n, 20n, 50n, 100n, 200n, 500n];

/**
 * A real-money round wins the jackpot with a chance proportional to its stake: stake / this (1 in 500,000 for a
 * 1.00 stake). With 1 % of stakes feeding the pool, the pool pays out about 5,000.00 above its seed on average.
 */
export const JACKPOT_ODDS_PER_MINOR = 50_000_000;

const codeOf = (id: number) => SYMBOLS[id]!.code;

export interface SlotRequest {
  betPerLineMinor: bigint;
}

/** What is kept of a drawn round: enough to show it again, exactly. */
export type SlotOutcome = SlotSpinValue[];

export const slotGame: HouseGame<SlotRequest, SlotOutcome, Omit<SlotRoundValue, keyof HouseRoundValue>> = {
  kind: 'slot',
  nodeId: HOUSE_GAME_NODES.slot,
  parse(body) {
    const text = body.betPerLine;
    const minor = typeof text === 'string' && /^\d{1,6}\.\d{2}$/.test(text) ? toMinor(text) : null;
    if (minor === null || !SLOT_BETS_PER_LINE_MINOR.includes(minor)) throw new InvalidInput('betPerLine');
    return { betPerLineMinor: minor };
  },
  draw({ betPerLineMinor }, { random, realMoney }) {
    const round = playRound(random, betPerLineMinor);
    const jackpotHit = realMoney && random.below(JACKPOT_ODDS_PER_MINOR) < Number(round.totalBet);
    return { stakeMinor: round.totalBet, winMinor: round.totalWin, jackpotHit, outcome: spinsOf(round) };
  },
  present(spins, money) {
    const betPerLine = fromMinor(toMinor(money.stake) / BigInt(LINE_COUNT));
    return { betPerLine, spins, jackpotWin: money.jackpot };
  },
};

function spinsOf(round: RoundResult): SlotSpinValue[] {
  return round.spins.map((spin) => ({
    freeSpin: spin.freeSpin,
    multiplier: spin.multiplier,
    grid: spin.grid.map((reel) => reel.map(codeOf)),
    lineWins: spin.lineWins.map((win) => ({
      line: win.line + 1,
      symbol: codeOf(win.symbol),
      count: win.count,
      amount: fromMinor(win.amount),
    })),
    scatterCount: spin.scatterCount,
    scatterWin: fromMinor(spin.scatterWin),
    freeSpinsAwarded: spin.freeSpinsAwarded,
    win: fromMinor(spin.totalWin),
  }));
}

/** The rules the game's help shows, from the same tables the engine plays. */
export function slotInfo(jackpotShareBp: number): SlotInfoValue {
  return {
    rtp: SLOT_EXACT_RTP,
    volatility: SLOT_VOLATILITY,
    lines: LINE_COUNT,
    paylines: PAYLINES.map((line) => [...line]),
    betsPerLine: SLOT_BETS_PER_LINE_MINOR.map(fromMinor),
    symbols: SYMBOLS.map((s) => ({ id: s.code, wild: s.kind === 'wild', scatter: s.kind === 'scatter' })),
    paytable: SLOT_PAYTABLE.map((entry) => ({
      symbol: entry.code,
      pays: ([3, 4, 5] as const).map((count) => ({ count, credits: entry.pays[count] })),
    })),
    freeSpins: {
      scattersToTrigger: SLOT_RULES.scattersToTrigger,
      award: SLOT_RULES.freeSpinsAwarded,
      multiplier: SLOT_RULES.freeSpinMultiplier,
    },
    jackpotSharePercent: jackpotShareBp / 100,
  };
}
