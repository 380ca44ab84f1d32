import {
  CONTRACT_PATHS,
  CONTRACT_SWITCHES,
  CONTRACT_TYPES,
  type ContractOverview,
  type ContractType,
} from '@portal/shared/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys } from './agent-keys';
import { useContractSwitches } from './get-contract-switches';

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

/**
 * The contracts the agent may offer with a new downline agent: the switched-on types in which it holds an active
 * contract, each with that contract (its tiers are the cap). Asked for only while `enabled`.
 */
export function useOfferableContracts(enabled: boolean) {
  const switches = useContractSwitches(enabled);
  const types = CONTRACT_TYPES.filter((type) => switches.data?.[CONTRACT_SWITCHES[type]] === true);
  return useQueries({
    queries: types.map((type) => ({ ...getContractsQueryOptions(type), enabled })),
    combine: (results) =>
      results.flatMap((result) => {
        const own = result.data?.own.find((contract) => contract.state === 'active');
        return result.data?.canOffer && own ? [{ type: result.data.type, own }] : [];
      }),
  });
}
