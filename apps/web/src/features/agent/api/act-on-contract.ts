import {
  CONTRACT_PATHS,
  type Contract,
  type ContractAction,
  type ContractTerms,
  type ContractType,
  type WhatIfResult,
} from '@portal/shared/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiSend } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

/** POST the type's call: offer, accept, reject, terminate (the contract as it now stands) or what-if. */
export function postContractAction<T extends Contract | WhatIfResult>(
  type: ContractType,
  body: ContractAction,
  language?: string,
): Promise<T> {
  return apiSend<T>('POST', CONTRACT_PATHS[type], { body, language, languageHeaderOnly: true });
}

export type ContractChange = Exclude<ContractAction, { action: 'whatIf' }>;

/**
 * Offers, accepts, rejects or terminates; the type's lists are read again (an acceptance may end downline contracts,
 * a termination those below it).
 */
export function useContractChange(type: ContractType) {
  const language = useLanguage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractChange) => postContractAction<Contract>(type, body, language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...agentKeys.contracts, type] }),
  });
}

/** Last window's statement of a downline recomputed with proposed terms; nothing is stored. */
export function useContractWhatIf(type: ContractType) {
  const language = useLanguage();
  return useMutation({
    mutationFn: (input: { account: string; terms: ContractTerms }) =>
      postContractAction<WhatIfResult>(type, { action: 'whatIf', ...input }, language),
  });
}
