import type { DiceRollRequest, DiceRollValue } from '@portal/shared/house-games';
import { useMutation } from '@tanstack/react-query';
import { housePlay } from '@/features/house-games/shared/house-api';

/** POST /house/api/dice/roll: one bet. The body is kept as sent, so that a retry resends the same round key. */
export function rollDice(body: DiceRollRequest): Promise<DiceRollValue> {
  return housePlay<DiceRollValue>('dice/roll', body);
}

export function useRollDice() {
  return useMutation({ mutationFn: rollDice });
}
