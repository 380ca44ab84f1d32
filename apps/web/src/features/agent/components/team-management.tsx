import { TEAM_MEMBER_SORTS, type TeamMember, type TeamMemberSort } from '@portal/shared/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatDay } from '@/lib/date-time';
import { useMoneyFormat } from '@/lib/money-format';
import { type TeamMembersQuery, useTeamMembers } from '../api/get-team-members';
import { formatCount } from '../lib/format';
import { typeKey } from '../lib/member-type';
import { AccountSearch } from './account-search';
import { SortHeader, SortSelect } from './sort-header';
import { When } from './when';

function isNotFound(error: Error): boolean {
  return error instanceof ApiError && error.status === 404;
}

const FIRST_QUERY: TeamMembersQuery = { account: null, under: null, sort: 'createdAt', order: 'desc', pageNo: 1 };

/**
 * Team management: the agent's direct downline, or the whole team searched by account; a member with a downline opens
 * its own direct downline, with the way back as a breadcrumb. Sortable, paged; on phones each row is a card.
 */
export function TeamManagement() {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoneyFormat();
  const [query, setQuery] = useState<TeamMembersQuery>(FIRST_QUERY);
  const [search, setSearch] = useState('');
  const result = useTeamMembers(query);

  const change = (next: Partial<TeamMembersQuery>) => setQuery((current) => ({ ...current, pageNo: 1, ...next }));

  function drillInto(account: string) {
    setSearch('');
    change({ account: null, under: account });
  }

  function sortBy(sort: TeamMemberSort) {
    // A second press on the same column turns the order round; a new column starts where people expect it.
    if (sort === query.sort) change({ order: query.order === 'asc' ? 'desc' : 'asc' });
    else change({ sort, order: sort === 'account' ? 'asc' : 'desc' });
  }

  const path = result.data?.path ?? [];
  const searching = Boolean(query.account);

  const sortHeader = (sort: TeamMemberSort, label: string, numeric = false) => (
    <SortHeader
      label={label}
      order={query.sort === sort ? query.order : null}
      numeric={numeric}
      onSort={() => sortBy(sort)}
    />
  );

  return (
    <div className="wallet-page team-management" data-testid="team-management">
      <section className="wallet-card" aria-labelledby="team-management-title">
        <div className="wallet-card__head">
          <h3 className="wallet-card__title" id="team-management-title">
            {t('agent.pages.teamManagement')}
          </h3>
        </div>
        <div className="team-controls">
          <AccountSearch
            label={t('agent.team.search')}
            value={search}
            onChange={setSearch}
            onSearch={(account) => change({ account, under: null })}
          />
          <SortSelect
            label={t('agent.team.sortLabel')}
            sorts={TEAM_MEMBER_SORTS}
            sort={query.sort}
            order={query.order}
            optionLabel={(sort, order) => t(`agent.team.sorts.${sort}.${order}`)}
            onSort={(sort, order) => change({ sort, order })}
          />
        </div>
        {searching ? (
          <p className="team-where">
            <span>{t('agent.team.results', { account: query.account })}</span>{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setSearch('');
                change({ account: null, under: null });
              }}
            >
              {t('agent.team.clearSearch')}
            </button>
          </p>
        ) : (
          <nav className="team-where" aria-label={t('agent.team.breadcrumb')}>
            <ol className="team-breadcrumb">
              <li>
                {query.under ? (
                  <button type="button" className="link-button" onClick={() => change({ under: null })}>
                    {t('agent.team.myTeam')}
                  </button>
                ) : (
                  <span aria-current="page">{t('agent.team.myTeam')}</span>
                )}
              </li>
              {path.map((account, index) => (
                <li key={account}>
                  {index < path.length - 1 ? (
                    <button type="button" className="link-button" onClick={() => change({ under: account })}>
                      {account}
                    </button>
                  ) : (
                    <span aria-current="page">{account}</span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        )}
        {result.isPending ? (
          <SkeletonLines lines={6} />
        ) : result.isError ? (
          isNotFound(result.error) ? (
            // A member outside the team is answered as one that does not exist: lead back to the agent's own team.
            <ErrorState
              message={t('agent.team.notInTeam')}
              onRetry={() => change({ account: null, under: null })}
              retryLabel={t('agent.team.myTeam')}
            />
          ) : (
            <ErrorState message={t('common.loadFailed')} onRetry={() => void result.refetch()} />
          )
        ) : result.data.list.length === 0 ? (
          <EmptyState message={searching ? t('agent.team.noMatch') : t('agent.team.noDownline')} />
        ) : (
          <>
            <div
              className={`record-table-wrap${result.isPlaceholderData ? ' is-busy' : ''}`}
              aria-busy={result.isPlaceholderData || undefined}
            >
              <table className="record-table team-table" data-testid="team-table">
                <caption className="visually-hidden">{t('agent.pages.teamManagement')}</caption>
                <thead>
                  <tr>
                    {sortHeader('account', t('agent.team.columns.account'))}
                    <th scope="col">{t('agent.team.columns.type')}</th>
                    {searching ? (
                      <th scope="col" className="is-numeric">
                        {t('agent.team.columns.level')}
                      </th>
                    ) : null}
                    <th scope="col" className="is-numeric">
                      {t('agent.team.columns.team')}
                    </th>
                    {sortHeader('balance', t('agent.team.columns.balance'), true)}
                    <th scope="col">{t('agent.team.columns.status')}</th>
                    {sortHeader('createdAt', t('agent.team.columns.createdAt'))}
                    {sortHeader('lastLoginAt', t('agent.team.columns.lastLoginAt'))}
                  </tr>
                </thead>
                <tbody>
                  {result.data.list.map((member) => (
                    <MemberRow
                      key={member.account}
                      member={member}
                      balance={money(member.balance)}
                      language={language}
                      showLevel={searching}
                      onOpen={drillInto}
                    />
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              pageNo={result.data.pageNo}
              totalPages={result.data.totalPages}
              onChange={(pageNo) => setQuery((current) => ({ ...current, pageNo }))}
              disabled={result.isFetching}
            />
            <p className="muted team-total">{t('agent.team.total', { count: result.data.totalCount })}</p>
          </>
        )}
      </section>
    </div>
  );
}

interface MemberRowProps {
  member: TeamMember;
  balance: string;
  language: string;
  /** Search results come from any depth; a downline list is one level, which the breadcrumb already says. */
  showLevel: boolean;
  onOpen: (account: string) => void;
}

function MemberRow({ member, balance, language, showLevel, onOpen }: MemberRowProps) {
  const { t } = useTranslation();
  return (
    <tr>
      <td data-label={t('agent.team.columns.account')}>
        <span className="team-table__account">
          {member.directCount > 0 ? (
            <button
              type="button"
              className="link-button"
              onClick={() => onOpen(member.account)}
              aria-label={t('agent.team.openDownline', { account: member.account })}
            >
              {member.account}
            </button>
          ) : (
            <strong>{member.account}</strong>
          )}
          {member.nickname ? <span className="muted">{member.nickname}</span> : null}
        </span>
      </td>
      <td data-label={t('agent.team.columns.type')}>{t(`agent.types.${typeKey(member.type)}`)}</td>
      {showLevel ? (
        <td data-label={t('agent.team.columns.level')} className="is-numeric tabular">
          {formatCount(member.level)}
        </td>
      ) : null}
      <td data-label={t('agent.team.columns.team')} className="is-numeric tabular">
        {formatCount(member.directCount)} / {formatCount(member.teamSize)}
      </td>
      <td data-label={t('agent.team.columns.balance')} className="is-numeric tabular">
        {balance}
      </td>
      <td data-label={t('agent.team.columns.status')}>
        <span className={`status-pill status-pill--${member.status === 'active' ? 'success' : 'danger'}`}>
          {t(`agent.team.status.${member.status}`)}
        </span>
      </td>
      <td data-label={t('agent.team.columns.createdAt')}>
        <span className="team-table__unbroken">{formatDay(member.createdAt, language)}</span>
      </td>
      <td data-label={t('agent.team.columns.lastLoginAt')}>
        {member.lastLoginAt ? <When text={formatDateTime(member.lastLoginAt, language)} /> : t('agent.team.never')}
      </td>
    </tr>
  );
}
