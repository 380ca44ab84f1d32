import type { DepositOrder } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getDepositQueryOptions } from './get-deposit';
import { walletKeys } from './wallet-keys';

export interface CreateDepositInput {
  channelCode: string;
  /** Decimal string with two places. */
  amount: string;
  /** The same key for a retry of the same submission: the server then answers the first order again. */
  idempotencyKey: string;
}

export function createDeposit(input: CreateDepositInput, language?: string): Promise<DepositOrder> {
  return apiSend<DepositOrder>('POST', '/wps/wallet/deposits', {
    body: { channelCode: input.channelCode, amount: input.amount },
    headers: { 'Idempotency-Key': input.idempotencyKey },
    language,
    languageHeaderOnly: true,
  });
}

export function useCreateDeposit() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDepositInput) => createDeposit(input, language),
    onSuccess: (order) => {
      queryClient.setQueryData(getDepositQueryOptions(order.orderNo).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: [...walletKeys.deposits, 'list'] });
    },
  });
}
