import type { Page, TransferParty } from '@portal/shared/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { WALLET_PAGE_SIZE, walletKeys } from './wallet-keys';

export interface TransferParties {
  upline: TransferParty | null;
  downlines: Page<TransferParty>;
}

export interface TransferPartiesQuery {
  search: string;
  pageNo: number;
}

export function getTransferParties(query: TransferPartiesQuery, signal?: AbortSignal): Promise<TransferParties> {
  return apiGet<TransferParties>('/wps/wallet/transfer/parties', {
    params: { search: query.search || undefined, pageNo: query.pageNo, pageSize: WALLET_PAGE_SIZE },
    signal,
  });
}

export function getTransferPartiesQueryOptions(query: TransferPartiesQuery) {
  return queryOptions({
    queryKey: [...walletKeys.parties, query.search, query.pageNo],
    queryFn: ({ signal }) => getTransferParties(query, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useTransferParties(query: TransferPartiesQuery) {
  return useQuery(getTransferPartiesQueryOptions(query));
}
