import type { WalletTransferRequest, WalletTransferResult } from '@portal/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { getBalanceQueryOptions } from './get-balance';
import { walletKeys } from './wallet-keys';

export interface CreateWalletTransferInput extends WalletTransferRequest {
  idempotencyKey: string;
}

/** Main wallet ↔ a game vendor's wallet; `from`/`to` are MAIN_WALLET or the vendor's code. */
export function createWalletTransfer(
  input: CreateWalletTransferInput,
  language?: string,
): Promise<WalletTransferResult> {
  const { idempotencyKey, ...body } = input;
  return apiSend<WalletTransferResult>('POST', '/wps/relay/GCS_walletTransfer', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    language,
    languageHeaderOnly: true,
  });
}

export function useCreateWalletTransfer() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWalletTransferInput) => createWalletTransfer(input, language),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getBalanceQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: walletKeys.funds }),
        queryClient.invalidateQueries({ queryKey: walletKeys.merchantWallets }),
        queryClient.invalidateQueries({ queryKey: walletKeys.eligibility }),
        queryClient.invalidateQueries({ queryKey: walletKeys.records }),
      ]),
    // A refusal often means the balances on screen are stale (money moved elsewhere): show the current ones.
    onError: () => queryClient.invalidateQueries({ queryKey: walletKeys.merchantWallets }),
  });
}
