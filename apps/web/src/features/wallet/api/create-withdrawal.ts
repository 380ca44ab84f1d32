import type { Withdrawal } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getBalanceQueryOptions } from './get-balance';
import { getWithdrawalQueryOptions } from './get-withdrawal';
import { walletKeys } from './wallet-keys';

export interface CreateWithdrawalInput {
  payoutAccountId: string;
  amount: string;
  paymentPassword: string;
  idempotencyKey: string;
}

export function createWithdrawal(input: CreateWithdrawalInput, language?: string): Promise<Withdrawal> {
  const { idempotencyKey, ...body } = input;
  return apiSend<Withdrawal>('POST', '/wps/wallet/withdrawals', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    language,
    languageHeaderOnly: true,
  });
}

export function useCreateWithdrawal() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWithdrawalInput) => createWithdrawal(input, language),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(getWithdrawalQueryOptions(withdrawal.orderNo).queryKey, withdrawal);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getBalanceQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: walletKeys.funds }),
        queryClient.invalidateQueries({ queryKey: walletKeys.eligibility }),
        queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals }),
      ]);
    },
  });
}
