import { lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton, SkeletonLines } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { formatDay } from '@/lib/date-time';
import { useMoneyFormat } from '@/lib/money-format';
import { useTeamOverview } from '../api/get-team-overview';
import { type ChartSpec, type DayRow, shortDay, TEAM_CHARTS } from '../lib/chart-data';
import { formatCompact, formatCount } from '../lib/format';
import { defaultPeriodChoice, PeriodCardHead, type PeriodChoice } from './period-filter';
import { TeamFiguresGrid } from './team-figures';

// The chart library (tens of kilobytes) comes only when a chart is drawn: not with the start-up bundle, nor with the
// agent centre's chunk.
const TeamChart = lazy(() => import('./team-charts').then((module) => ({ default: module.TeamChart })));

/** A calendar day of Dhaka (yyyy-MM-dd) as players read days: "27 Nov 2026". */
function dayText(day: string, language: string): string {
  return formatDay(`${day}T12:00:00+06:00`, language);
}

/** Team overview: the team's figures for a period, and day-by-day charts when the period has several days. */
export function TeamOverviewPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [choice, setChoice] = useState<PeriodChoice>(() => defaultPeriodChoice());
  const query = useTeamOverview({ from: choice.from, to: choice.to });

  return (
    <div className="wallet-page team-overview" data-testid="team-overview">
      <section className="wallet-card" aria-labelledby="team-overview-title">
        <PeriodCardHead
          titleId="team-overview-title"
          title={t('agent.pages.teamOverview')}
          value={choice}
          onChange={setChoice}
        />
        {query.isPending ? (
          <SkeletonLines lines={6} />
        ) : query.isError ? (
          <ErrorState message={t('common.loadFailed')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <p className="muted tabular team-overview__range">
              {query.data.from === query.data.to
                ? dayText(query.data.from, language)
                : t('agent.overview.range', {
                    from: dayText(query.data.from, language),
                    to: dayText(query.data.to, language),
                  })}
            </p>
            <TeamFiguresGrid totals={query.data.totals} busy={query.isPlaceholderData} />
          </>
        )}
      </section>
      {query.data && query.data.days.length > 1 ? (
        <div className="team-charts">
          {TEAM_CHARTS.map((spec) => (
            <ChartFigure key={spec.id} spec={spec} days={query.data.days} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** A chart with its title; the drawing is hidden from screen readers, which read the table of the same numbers. */
function ChartFigure({ spec, days }: { spec: ChartSpec; days: DayRow[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = useMoneyFormat();
  const label = (key: string) => t(`agent.figures.${key}`);
  const formatValue = (value: number) => (spec.kind === 'money' ? money(value.toFixed(2)) : formatCount(value));
  const cell = (row: DayRow, key: string) => {
    const value = row[key as keyof DayRow];
    return spec.kind === 'money' ? money(String(value)) : formatCount(Number(value));
  };
  const hasAny = days.some((row) => spec.series.some((series) => Number(row[series.key]) !== 0));
  const titleId = `team-chart-${spec.id}`;

  return (
    <figure className="wallet-card team-chart" aria-labelledby={titleId} data-chart={spec.id}>
      <figcaption className="wallet-card__title" id={titleId}>
        {t(`agent.charts.${spec.id}`)}
      </figcaption>
      {hasAny ? (
        <div className="team-chart__drawing" aria-hidden="true">
          <ErrorBoundary fallback={<p className="muted">{t('agent.charts.failed')}</p>}>
            <Suspense fallback={<Skeleton height={220} />}>
              <TeamChart
                spec={spec}
                days={days}
                language={language}
                label={label}
                formatValue={formatValue}
                formatTick={formatCompact}
              />
            </Suspense>
          </ErrorBoundary>
        </div>
      ) : (
        <EmptyState message={t('agent.charts.nothing')} />
      )}
      <table className="visually-hidden">
        <caption>{t(`agent.charts.${spec.id}`)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agent.charts.day')}</th>
            {spec.series.map((series) => (
              <th key={series.key} scope="col">
                {label(series.key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((row) => (
            <tr key={row.day}>
              <th scope="row">{shortDay(row.day, language)}</th>
              {spec.series.map((series) => (
                <td key={series.key}>{cell(row, series.key)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
