import type { TeamFigures } from '@portal/shared/agents';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { formatCount, signedMoney, toneOf } from '../lib/format';

/** The nine figures, in the spec's order. */
const FIGURES = [
  'members',
  'newRegistrations',
  'activeMembers',
  'firstDeposits',
  'deposits',
  'withdrawals',
  'validBets',
  'bonuses',
  'profitLoss',
] as const;
type Figure = (typeof FIGURES)[number];

const COUNTS: ReadonlySet<Figure> = new Set(['members', 'newRegistrations', 'activeMembers', 'firstDeposits']);

/** The team's figures as cards: counts grouped, amounts in the one money format, P&L with its sign. */
export function TeamFiguresGrid({ totals, busy }: { totals: TeamFigures; busy: boolean }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();

  function value(figure: Figure) {
    if (COUNTS.has(figure)) return formatCount(totals[figure] as number);
    const amount = totals[figure] as string;
    return figure === 'profitLoss' ? signedMoney(amount, money) : money(amount);
  }

  function note(figure: Figure) {
    if (figure === 'deposits') return t('agent.overview.depositCount', { count: totals.depositCount });
    if (figure === 'withdrawals') return t('agent.overview.withdrawalCount', { count: totals.withdrawalCount });
    if (figure === 'profitLoss') return t('agent.overview.profitLossNote');
    return null;
  }

  return (
    <dl className={`team-figures${busy ? ' is-busy' : ''}`} aria-busy={busy || undefined} data-testid="team-figures">
      {FIGURES.map((figure) => {
        const extra = note(figure);
        const tone = figure === 'profitLoss' ? ` money--${toneOf(totals.profitLoss)}` : '';
        return (
          <div
            key={figure}
            className={`team-figure${COUNTS.has(figure) ? '' : ' team-figure--money'}`}
            data-figure={figure}
          >
            <dt className="team-figure__label">{t(`agent.figures.${figure}`)}</dt>
            <dd className={`team-figure__value tabular${tone}`}>{value(figure)}</dd>
            {extra ? <dd className="team-figure__note">{extra}</dd> : null}
          </div>
        );
      })}
    </dl>
  );
}
