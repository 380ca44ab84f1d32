import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { LotteryResult } from '../api/lottery-types';
import { trendOf } from '../lib/trend';

const TrendChart = lazy(() => import('./trend-chart'));

/** Frequency of each number in the last 100 results, the hot and cold numbers and the current streaks. */
export function TrendPanel({ results }: { results: LotteryResult[] }) {
  const { t } = useTranslation();
  const trend = trendOf(results);
  if (trend.draws === 0) return <EmptyState message={t('lottery.trend.empty')} />;
  const countOf = (value: number) => trend.frequency.find((entry) => entry.value === value)?.count ?? 0;
  const numberList = (values: number[], tone: 'hot' | 'cold') => (
    <ul className="lottery-trend__numbers">
      {values.map((value) => (
        <li key={value}>
          <span className={`lottery-ball lottery-ball--${tone} tabular`}>{value}</span>
          <span className="lottery-trend__times">{t('lottery.trend.times', { count: countOf(value) })}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <section className="lottery-trend" aria-labelledby="lottery-trend-title">
      <h2 id="lottery-trend-title" className="lottery-section-title">
        {t('lottery.trend.title', { count: trend.draws })}
      </h2>
      <figure className="lottery-trend__chart" aria-label={t('lottery.trend.chartLabel', { count: trend.draws })}>
        <figcaption>{t('lottery.trend.frequency')}</figcaption>
        <Suspense fallback={<Skeleton height={180} />}>
          <TrendChart frequency={trend.frequency} hot={trend.hot} cold={trend.cold} />
        </Suspense>
      </figure>
      <div className="lottery-trend__hotcold">
        <div>
          <h3>{t('lottery.trend.hot')}</h3>
          {numberList(trend.hot, 'hot')}
        </div>
        <div>
          <h3>{t('lottery.trend.cold')}</h3>
          {numberList(trend.cold, 'cold')}
        </div>
      </div>
      <h3>{t('lottery.trend.streaks')}</h3>
      <ul className="lottery-trend__streaks" data-testid="lottery-streaks">
        {trend.streaks.map((streak) => (
          <li key={streak.kind} className={`lottery-streak lottery-streak--${streak.value}`}>
            {t('lottery.trend.streak', {
              value: t(`lottery.trend.values.${streak.value}`, { defaultValue: streak.value }),
              length: streak.length,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
