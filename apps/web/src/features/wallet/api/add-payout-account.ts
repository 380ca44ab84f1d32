import type { ChannelKind, PayoutAccount } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export interface AddPayoutAccountInput {
  kind: ChannelKind;
  provider: string;
  accountName: string;
  accountNumber: string;
  paymentPassword: string;
}

export function addPayoutAccount(input: AddPayoutAccountInput, language?: string): Promise<PayoutAccount> {
  return apiSend<PayoutAccount>('POST', '/wps/wallet/payout-accounts', {
    body: input,
    language,
    languageHeaderOnly: true,
  });
}

export function useAddPayoutAccount() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddPayoutAccountInput) => addPayoutAccount(input, language),
    onSuccess: (account) => {
      queryClient.setQueryData<PayoutAccount[]>(walletKeys.payoutAccounts, (list) =>
        list ? [...list.filter((item) => item.id !== account.id), account] : list,
      );
      return queryClient.invalidateQueries({ queryKey: walletKeys.payoutAccounts });
    },
  });
}
