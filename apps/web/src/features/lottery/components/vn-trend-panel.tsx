import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { LotteryResult } from '../api/lottery-types';
import { twoDigits, type VnNumberStats, vnTrendOf } from '../lib/vn-trend';

// The fast games' chart and its recharts chunk, with the endings 00–99 as bars.
const TrendChart = lazy(() => import('./trend-chart'));

type Kind = 'lo' | 'de';
const KINDS: Kind[] = ['lo', 'de'];

/**
 * The Vietnamese trend of the last days' tables: how often each ending 00–99 came as lô (every prize) or đề (the
 * special prize), the hot and cold endings, and the endings absent longest.
 */
export function VnTrendPanel({ results }: { results: LotteryResult[] }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('lo');
  const trend = vnTrendOf(results);
  if (trend.draws === 0) return <EmptyState message={t('lottery.trend.empty')} />;
  const stats: VnNumberStats = trend[kind];
  const countOf = (value: number) => stats.frequency[value]?.count ?? 0;
  const numberList = (values: number[], tone: 'hot' | 'cold') => (
    <ul className="lottery-trend__numbers">
      {values.map((value) => (
        <li key={value}>
          <span className={`lottery-ball lottery-ball--${tone} tabular`}>{twoDigits(value)}</span>
          <span className="lottery-trend__times">{t('lottery.trend.times', { count: countOf(value) })}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="lottery-trend" aria-labelledby="vn-trend-title" data-testid="vn-trend">
      <h2 id="vn-trend-title" className="lottery-section-title">
        {t('lottery.vnTrend.title', { count: trend.draws })}
      </h2>
      <fieldset className="lottery-chips lottery-set">
        <legend className="visually-hidden">{t('lottery.vnTrend.kindLabel')}</legend>
        {KINDS.map((key) => (
          <button
            key={key}
            type="button"
            className="lottery-chip"
            aria-pressed={kind === key}
            onClick={() => setKind(key)}
          >
            {t(`lottery.vnTrend.kinds.${key}`)}
          </button>
        ))}
      </fieldset>
      <figure
        className="lottery-trend__chart"
        aria-label={t(`lottery.vnTrend.chartLabel.${kind}`, { count: trend.draws })}
      >
        <figcaption>{t(`lottery.vnTrend.frequency.${kind}`)}</figcaption>
        <Suspense fallback={<Skeleton height={180} />}>
          <TrendChart
            frequency={stats.frequency}
            hot={stats.hot}
            cold={stats.cold}
            format={twoDigits}
            tickEvery={10}
            countLabel={t('lottery.vnTrend.count')}
          />
        </Suspense>
      </figure>
      <div className="lottery-trend__hotcold">
        <div>
          <h3>{t('lottery.trend.hot')}</h3>
          {numberList(stats.hot, 'hot')}
        </div>
        <div>
          <h3>{t('lottery.trend.cold')}</h3>
          {numberList(stats.cold, 'cold')}
        </div>
      </div>
      <h3>{t('lottery.vnTrend.absent')}</h3>
      <ul className="lottery-trend__numbers vn-trend__absent" data-testid="vn-trend-absent">
        {stats.longestAbsent.map((absence) => (
          <li key={absence.value}>
            <span className="lottery-ball tabular">{twoDigits(absence.value)}</span>
            <span className="lottery-trend__times">
              {absence.never
                ? t('lottery.vnTrend.never', { count: absence.draws })
                : t('lottery.vnTrend.since', { count: absence.draws })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
