import type { Language } from '@portal/shared/constants';
import type { DayRange } from '@portal/shared/date-range';
import type { BetRecord, Page } from '@portal/shared/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { RECORD_PAGE_SIZE, walletKeys } from './wallet-keys';

export interface BetRecordsQuery extends DayRange {
  pageNo: number;
  /** The language of the games' names. */
  language: Language;
}

export function getBetRecords(query: BetRecordsQuery, signal?: AbortSignal): Promise<Page<BetRecord>> {
  return apiGet<Page<BetRecord>>('/wps/wallet/records/bets', {
    params: { from: query.from, to: query.to, pageNo: query.pageNo, pageSize: RECORD_PAGE_SIZE },
    language: query.language,
    signal,
  });
}

export function getBetRecordsQueryOptions(query: BetRecordsQuery) {
  return queryOptions({
    queryKey: [...walletKeys.records, 'bets', query],
    queryFn: ({ signal }) => getBetRecords(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useBetRecords(query: BetRecordsQuery) {
  return useQuery(getBetRecordsQueryOptions(query));
}
