import { type DiceRollValue, HOUSE_GAME_NODES, type HouseRoundValue } from '@portal/shared/house-games';
import { parsePositiveAmount } from '@portal/shared/money';
import { type DiceDirection, diceRoll, isValidDiceTarget, settleDice } from '@portal/shared/provably-fair';
import { InvalidInput } from '../../../http/errors.ts';
import type { DiceSeeds } from './dice-seeds.ts';
import type { HouseGame } from './types.ts';

/** Stakes from 0.10 to 10,000.00. */
const MIN_STAKE_MINOR = 10n;
const MAX_STAKE_MINOR = 1_000_000n;

export interface DiceRequest {
  stakeMinor: bigint;
  direction: DiceDirection;
  target: number;
}

export type DiceOutcome = Omit<DiceRollValue, keyof HouseRoundValue>;

/** The provably-fair dice: the roll comes from the owner's committed seed pair and the next nonce. */
export function diceGame(seeds: DiceSeeds): HouseGame<DiceRequest, DiceOutcome, DiceOutcome> {
  return {
    kind: 'dice',
    nodeId: HOUSE_GAME_NODES.dice,
    parse(body) {
      const stakeMinor = typeof body.amount === 'string' ? parsePositiveAmount(body.amount) : null;
      if (stakeMinor === null || stakeMinor < MIN_STAKE_MINOR || stakeMinor > MAX_STAKE_MINOR) {
        throw new InvalidInput('amount');
      }
      const direction = body.direction;
      if (direction !== 'under' && direction !== 'over') throw new InvalidInput('direction');
      const target = body.target;
      if (typeof target !== 'number' || !isValidDiceTarget(direction, target)) throw new InvalidInput('target');
      return { stakeMinor, direction, target };
    },
    async draw({ stakeMinor, direction, target }, { owner }) {
      const seed = await seeds.take(owner);
      const roll = await diceRoll(seed.serverSeed, seed.clientSeed, seed.nonce);
      const settled = settleDice({ direction, target, roll, stakeMinor });
      return {
        stakeMinor,
        winMinor: settled.payoutMinor,
        jackpotHit: false,
        outcome: {
          roll,
          direction,
          target,
          multiplierE4: settled.multiplierE4,
          serverSeedHash: seed.serverSeedHash,
          clientSeed: seed.clientSeed,
          nonce: seed.nonce,
        },
      };
    },
    present: (outcome) => outcome,
  };
}
