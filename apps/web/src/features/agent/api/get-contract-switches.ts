import { CONTRACT_SWITCHES, CONTRACT_TYPES, type ContractSwitches } from '@portal/shared/contracts';
import type { ConsolidatedResponse } from '@portal/shared/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

/** The contract pages' switches from the consolidated call (spec section 3); the funds it also carries are not kept. */
export async function getContractSwitches(signal?: AbortSignal): Promise<ContractSwitches> {
  const funds = await apiGet<ConsolidatedResponse>('/wps/member/info/funds/consolidated', { signal });
  return Object.fromEntries(
    CONTRACT_TYPES.map((type) => [CONTRACT_SWITCHES[type], funds[CONTRACT_SWITCHES[type]] === true]),
  ) as ContractSwitches;
}

export function getContractSwitchesQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.switches,
    queryFn: ({ signal }) => getContractSwitches(signal),
    staleTime: 5 * 60_000,
  });
}

/** Asked for agents only: a player has no contract pages. */
export function useContractSwitches(enabled = true) {
  return useQuery({ ...getContractSwitchesQueryOptions(), enabled });
}
