import type { PayoutAccount } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export interface RemovePayoutAccountInput {
  id: string;
  paymentPassword: string;
}

export function removePayoutAccount(input: RemovePayoutAccountInput, language?: string): Promise<void> {
  return apiSend<void>('POST', `/wps/wallet/payout-accounts/${encodeURIComponent(input.id)}/remove`, {
    body: { paymentPassword: input.paymentPassword },
    language,
    languageHeaderOnly: true,
  });
}

export function useRemovePayoutAccount() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RemovePayoutAccountInput) => removePayoutAccount(input, language),
    onSuccess: (_, input) => {
      queryClient.setQueryData<PayoutAccount[]>(walletKeys.payoutAccounts, (list) =>
        list?.filter((item) => item.id !== input.id),
      );
      return queryClient.invalidateQueries({ queryKey: walletKeys.payoutAccounts });
    },
  });
}
