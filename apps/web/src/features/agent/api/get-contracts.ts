import { CONTRACT_PATHS, type ContractOverview, type ContractType } from '@portal/shared/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys } from './agent-keys';

/** GET the type's call: the agent's own contracts, those it offered its downline, and the settings that apply. */
export function getContracts(type: ContractType, signal?: AbortSignal): Promise<ContractOverview> {
  return apiGet<ContractOverview>(CONTRACT_PATHS[type], { signal });
}

export function getContractsQueryOptions(type: ContractType) {
  return queryOptions({
    queryKey: [...agentKeys.contracts, type],
    queryFn: ({ signal }) => getContracts(type, signal),
    staleTime: 30_000,
  });
}

export function useContracts(type: ContractType) {
  return useQuery(getContractsQueryOptions(type));
}
