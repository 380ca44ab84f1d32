import type { Withdrawal } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getBalanceQueryOptions } from './get-balance';
import { getWithdrawalQueryOptions } from './get-withdrawal';
import { walletKeys } from './wallet-keys';

/** Only while the withdrawal is pending; the held money returns to the balance. */
export function cancelWithdrawal(orderNo: string, language?: string): Promise<Withdrawal> {
  return apiSend<Withdrawal>('POST', `/wps/wallet/withdrawals/${encodeURIComponent(orderNo)}/cancel`, {
    language,
    languageHeaderOnly: true,
  });
}

export function useCancelWithdrawal() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => cancelWithdrawal(orderNo, language),
    onSuccess: (withdrawal) => {
      queryClient.setQueryData(getWithdrawalQueryOptions(withdrawal.orderNo).queryKey, withdrawal);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getBalanceQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: walletKeys.funds }),
        queryClient.invalidateQueries({ queryKey: walletKeys.eligibility }),
        queryClient.invalidateQueries({ queryKey: [...walletKeys.withdrawals, 'list'] }),
      ]);
    },
  });
}
