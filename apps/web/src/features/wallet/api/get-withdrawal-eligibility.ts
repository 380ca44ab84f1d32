import type { WithdrawalEligibility } from '@portal/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export function getWithdrawalEligibility(signal?: AbortSignal): Promise<WithdrawalEligibility> {
  return apiGet<WithdrawalEligibility>('/wps/wallet/withdrawals/eligibility', { signal });
}

export function getWithdrawalEligibilityQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.eligibility,
    queryFn: ({ signal }) => getWithdrawalEligibility(signal),
    // Balance, turnover and the payment password change elsewhere: asked afresh each time the page opens.
    staleTime: 0,
  });
}

export function useWithdrawalEligibility() {
  return useQuery(getWithdrawalEligibilityQueryOptions());
}
