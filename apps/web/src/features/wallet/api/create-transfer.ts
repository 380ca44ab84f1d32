import type { TransferResult } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getBalanceQueryOptions } from './get-balance';
import { walletKeys } from './wallet-keys';

export interface CreateTransferInput {
  /** The upline's or a downline's account. */
  to: string;
  amount: string;
  paymentPassword: string;
  idempotencyKey: string;
}

export function createTransfer(input: CreateTransferInput, language?: string): Promise<TransferResult> {
  const { idempotencyKey, ...body } = input;
  return apiSend<TransferResult>('POST', '/wps/wallet/transfers', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    language,
    languageHeaderOnly: true,
  });
}

export function useCreateTransfer() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTransferInput) => createTransfer(input, language),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getBalanceQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: walletKeys.funds }),
        queryClient.invalidateQueries({ queryKey: walletKeys.eligibility }),
        queryClient.invalidateQueries({ queryKey: walletKeys.records }),
      ]),
  });
}
