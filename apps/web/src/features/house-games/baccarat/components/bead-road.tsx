import { useTranslation } from 'react-i18next';
import { ROAD_LENGTH, type RoadBead } from '../lib/baccarat';

const OUTCOMES = ['player', 'banker', 'tie'] as const;

/**
 * The bead plate: one bead per round, filling columns of six from the top, the oldest at the left. Pairs are
 * marked by a dot in a corner, as on the tables' own displays.
 */
export function BeadRoad({ road, firstNumber }: { road: readonly RoadBead[]; firstNumber: number }) {
  const { t } = useTranslation();
  const counts = { player: 0, banker: 0, tie: 0 };
  for (const bead of road) counts[bead.outcome] += 1;

  return (
    <section className="bac-road" aria-label={t('houseBaccarat.road.label', { count: road.length })}>
      <div className="bac-road__head">
        <h2 className="bac-road__title">{t('houseBaccarat.road.title')}</h2>
        <ul className="bac-road__counts">
          {OUTCOMES.map((outcome) => (
            <li key={outcome} className={`bac-road__count bac-road__count--${outcome}`}>
              <span className="visually-hidden">
                {t('houseBaccarat.road.count', {
                  outcome: t(`houseBaccarat.road.names.${outcome}`),
                  count: counts[outcome],
                })}
              </span>
              <span aria-hidden="true">
                <span className={`bac-bead bac-bead--${outcome} bac-bead--mini`}>
                  {t(`houseBaccarat.road.short.${outcome}`)}
                </span>
                {counts[outcome]}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <ol className="bac-road__plate" data-testid="baccarat-road">
        {road.map((bead, index) => {
          const pairs = [
            bead.playerPair ? t('houseBaccarat.road.playerPair') : '',
            bead.bankerPair ? t('houseBaccarat.road.bankerPair') : '',
          ].filter(Boolean);
          const label = t('houseBaccarat.road.bead', {
            number: firstNumber + index,
            outcome: t(`houseBaccarat.road.names.${bead.outcome}`),
          });
          return (
            <li
              key={bead.id}
              className={`bac-bead bac-bead--${bead.outcome}${index === road.length - 1 ? ' bac-bead--latest' : ''}`}
              data-outcome={bead.outcome}
            >
              <span aria-hidden="true">{t(`houseBaccarat.road.short.${bead.outcome}`)}</span>
              {bead.playerPair ? <span className="bac-bead__pair bac-bead__pair--player" aria-hidden="true" /> : null}
              {bead.bankerPair ? <span className="bac-bead__pair bac-bead__pair--banker" aria-hidden="true" /> : null}
              <span className="visually-hidden">{[label, ...pairs].join(', ')}</span>
            </li>
          );
        })}
        {Array.from({ length: ROAD_LENGTH - road.length }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty cells of the plate
          <li key={`empty-${index}`} className="bac-road__cell" aria-hidden="true" />
        ))}
      </ol>
      {road.length === 0 ? <p className="bac-road__empty">{t('houseBaccarat.road.empty')}</p> : null}
    </section>
  );
}
