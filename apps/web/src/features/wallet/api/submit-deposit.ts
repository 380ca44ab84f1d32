import type { DepositOrder } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getDepositQueryOptions } from './get-deposit';
import { walletKeys } from './wallet-keys';

export interface SubmitDepositInput {
  orderNo: string;
  transactionRef: string;
  receipt: File | null;
}

/** A manual deposit: the member reports the transaction id of the payment, optionally with a receipt image. */
export function submitDeposit(input: SubmitDepositInput, language?: string): Promise<DepositOrder> {
  const form = new FormData();
  form.append('transactionRef', input.transactionRef);
  if (input.receipt) form.append('receipt', input.receipt, input.receipt.name);
  return apiSend<DepositOrder>('POST', `/wps/wallet/deposits/${encodeURIComponent(input.orderNo)}/submit`, {
    multipart: form,
    language,
    languageHeaderOnly: true,
  });
}

export function useSubmitDeposit() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitDepositInput) => submitDeposit(input, language),
    onSuccess: (order) => {
      queryClient.setQueryData(getDepositQueryOptions(order.orderNo).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: [...walletKeys.deposits, 'list'] });
    },
  });
}
