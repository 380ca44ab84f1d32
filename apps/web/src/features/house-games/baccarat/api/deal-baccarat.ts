import type { BaccaratDealRequest, BaccaratRoundValue } from '@portal/shared/house-games';
import { useMutation } from '@tanstack/react-query';
import { housePlay } from '../../shared/house-api';

/** POST /house/api/baccarat/deal: one round on the bets sent. A resend with the same roundKey answers that round. */
export function dealBaccarat(body: BaccaratDealRequest): Promise<BaccaratRoundValue> {
  return housePlay<BaccaratRoundValue>('baccarat/deal', body);
}

export function useDealBaccarat() {
  return useMutation({ mutationFn: dealBaccarat });
}
