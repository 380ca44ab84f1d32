import { TEAM_BETTING_SORTS, type TeamBettingSort } from '@portal/shared/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/form-field';
import { useTeamBetting } from '../api/get-team-reports';
import { MemberReport, type MemberReportQuery } from './member-report';

const COLUMNS = [
  { key: 'betCount', kind: 'count' },
  { key: 'validBets', kind: 'money' },
  { key: 'wins', kind: 'money' },
  { key: 'profitLoss', kind: 'signed' },
] as const;

/** Team betting: each downline's rounds, valid bets, wins and result, by game type and vendor. */
export function TeamBetting() {
  const { t } = useTranslation();
  const [games, setGames] = useState<{ gameType: string | null; vendor: string | null }>({
    gameType: null,
    vendor: null,
  });
  const useReport = (query: MemberReportQuery<TeamBettingSort>) => useTeamBetting({ ...query, ...games });
  return (
    <MemberReport
      page="teamBetting"
      columns={[...COLUMNS]}
      sorts={TEAM_BETTING_SORTS}
      defaultSort="validBets"
      useReport={useReport}
      filterKey={`${games.gameType}:${games.vendor}`}
      filters={(data) => (
        <>
          <SelectField
            label={t('agent.reports.gameType')}
            value={games.gameType ?? ''}
            options={[
              { value: '', label: t('agent.reports.allGameTypes') },
              ...(data?.gameTypes ?? []).map((code) => ({ value: code, label: t(`gameTypes.${code}`, code) })),
            ]}
            onChange={(value) => setGames({ gameType: value || null, vendor: null })}
          />
          <SelectField
            label={t('agent.reports.vendor')}
            value={games.vendor ?? ''}
            options={[
              { value: '', label: t('agent.reports.allVendors') },
              ...(data?.vendors ?? [])
                .filter((vendor) => !games.gameType || vendor.gameTypes.includes(games.gameType))
                .map((vendor) => ({ value: vendor.code, label: vendor.name })),
            ]}
            onChange={(value) => setGames((current) => ({ ...current, vendor: value || null }))}
          />
        </>
      )}
    />
  );
}
