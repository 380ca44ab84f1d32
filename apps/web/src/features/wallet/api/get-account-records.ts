import type { DayRange } from '@portal/shared/date-range';
import type { AccountRecord, Page, RecordType } from '@portal/shared/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { RECORD_PAGE_SIZE, walletKeys } from './wallet-keys';

export interface AccountRecordsQuery extends DayRange {
  type: RecordType | null;
  pageNo: number;
}

export function getAccountRecords(query: AccountRecordsQuery, signal?: AbortSignal): Promise<Page<AccountRecord>> {
  return apiGet<Page<AccountRecord>>('/wps/wallet/records/account', {
    params: { from: query.from, to: query.to, type: query.type, pageNo: query.pageNo, pageSize: RECORD_PAGE_SIZE },
    signal,
  });
}

export function getAccountRecordsQueryOptions(query: AccountRecordsQuery) {
  return queryOptions({
    queryKey: [...walletKeys.records, 'account', query],
    queryFn: ({ signal }) => getAccountRecords(query, signal),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useAccountRecords(query: AccountRecordsQuery) {
  return useQuery(getAccountRecordsQueryOptions(query));
}
