import type { StatementBetsPage } from '@portal/shared/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { agentKeys, TEAM_PAGE_SIZE } from './agent-keys';

/** The team's bets, wins and refunds that make up one of the agent's statements, oldest first. */
export function getStatementBets(
  statementId: string,
  pageNo: number,
  signal?: AbortSignal,
): Promise<StatementBetsPage> {
  return apiGet<StatementBetsPage>(`/wps/agent/income/${encodeURIComponent(statementId)}/bets`, {
    params: { pageNo, pageSize: TEAM_PAGE_SIZE },
    signal,
  });
}

export function getStatementBetsQueryOptions(statementId: string, pageNo: number) {
  return queryOptions({
    queryKey: [...agentKeys.income, 'bets', statementId, pageNo],
    queryFn: ({ signal }) => getStatementBets(statementId, pageNo, signal),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useStatementBets(statementId: string, pageNo: number) {
  return useQuery(getStatementBetsQueryOptions(statementId, pageNo));
}
