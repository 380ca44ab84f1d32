import type { DiceRotateRequest, DiceRotateValue } from '@portal/shared/house-games';
import { useMutation } from '@tanstack/react-query';
import { housePlay } from '@/features/house-games/shared/house-api';

/** POST /house/api/dice/rotate: reveals the finished pair's server seed and commits to the next one. */
export function rotateDiceSeeds(body: DiceRotateRequest): Promise<DiceRotateValue> {
  return housePlay<DiceRotateValue>('dice/rotate', body);
}

export function useRotateDiceSeeds() {
  return useMutation({ mutationFn: rotateDiceSeeds });
}
