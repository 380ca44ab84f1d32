import { PROFIT_LOSS_SORTS } from '@portal/shared/agents';
import { useTeamProfitLoss } from '../api/get-team-reports';
import { MemberReport } from './member-report';

const COLUMNS = [
  { key: 'deposits', kind: 'money' },
  { key: 'withdrawals', kind: 'money' },
  { key: 'validBets', kind: 'money' },
  { key: 'wins', kind: 'money' },
  { key: 'bonuses', kind: 'money' },
  { key: 'profitLoss', kind: 'signed' },
] as const;

/** User profit and loss: each downline's deposits, withdrawals, valid bets, wins, bonuses and result. */
export function UserProfitLoss() {
  return (
    <MemberReport
      page="userProfitLoss"
      columns={[...COLUMNS]}
      sorts={PROFIT_LOSS_SORTS}
      defaultSort="profitLoss"
      useReport={useTeamProfitLoss}
    />
  );
}
