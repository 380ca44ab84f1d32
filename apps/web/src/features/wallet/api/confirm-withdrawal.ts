import type { Withdrawal } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getWithdrawalQueryOptions } from './get-withdrawal';
import { walletKeys } from './wallet-keys';

export type ConfirmWithdrawalInput =
  | { orderNo: string; received: true }
  | { orderNo: string; received: false; receivedAmount: string; proofs: File[] };

/** The member says whether a paid withdrawal arrived; "not received" carries the amount that did and proofs. */
export function confirmWithdrawal(input: ConfirmWithdrawalInput, language?: string): Promise<Withdrawal> {
  const form = new FormData();
  form.append('received', String(input.received));
  if (!input.received) {
    form.append('receivedAmount', input.receivedAmount);
    for (const proof of input.proofs) form.append('proofs', proof, proof.name);
  }
  return apiSend<Withdrawal>('POST', `/wps/wallet/withdrawals/${encodeURIComponent(input.orderNo)}/confirmation`, {
    multipart: form,
    language,
    languageHeaderOnly: true,
  });
}

export function useConfirmWithdrawal() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmWithdrawalInput) => confirmWithdrawal(input, language),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(getWithdrawalQueryOptions(withdrawal.orderNo).queryKey, withdrawal);
      return queryClient.invalidateQueries({ queryKey: [...walletKeys.withdrawals, 'list'] });
    },
  });
}
