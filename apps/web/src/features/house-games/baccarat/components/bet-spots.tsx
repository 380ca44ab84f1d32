import type { BaccaratSpot } from '@portal/shared/house-games';
import { toMinor } from '@portal/shared/money';
import { useTranslation } from 'react-i18next';
import { type BaccaratBets, formatStake, SPOT_PAYS, type SpotResult } from '../lib/baccarat';

export interface SpotOutcome {
  result: SpotResult;
  /** What came back on the spot. */
  win: string;
}

interface BetSpotsProps {
  /** The chips lying on each spot. */
  stakes: BaccaratBets;
  /** The chips are the last round's, shown with its results, not a bet for the next one. */
  settledStakes: boolean;
  results: Partial<Record<BaccaratSpot, SpotOutcome>> | null;
  /** Spots the last round made winners, lit whether or not anything was on them. */
  lit: ReadonlySet<BaccaratSpot>;
  disabled: boolean;
  onBet: (spot: BaccaratSpot) => void;
}

/** Felt order: the side bets above, the two main hands below. */
const LAYOUT: readonly BaccaratSpot[] = ['playerPair', 'tie', 'bankerPair', 'player', 'banker'];

export function BetSpots({ stakes, settledStakes, results, lit, disabled, onBet }: BetSpotsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="bac-spots" aria-label={t('houseBaccarat.table')}>
      {LAYOUT.map((spot) => {
        const stake = stakes[spot];
        const outcome = results?.[spot];
        const name = t(`houseBaccarat.spots.${spot}`);
        const parts = [t('houseBaccarat.spotAria', { spot: name, pays: SPOT_PAYS[spot] })];
        if (stake) parts.push(t('houseBaccarat.spotStakeAria', { amount: formatStake(stake) }));
        if (outcome) {
          parts.push(
            t('houseBaccarat.spotResultAria', {
              result: t(`houseBaccarat.results.${outcome.result}`),
              amount: formatStake(toMinor(outcome.win)),
            }),
          );
        }
        const classes = [
          'bac-spot',
          `bac-spot--${spot}`,
          lit.has(spot) ? 'bac-spot--lit' : '',
          outcome ? `bac-spot--${outcome.result}` : '',
        ];
        return (
          <button
            key={spot}
            type="button"
            className={classes.filter(Boolean).join(' ')}
            aria-label={parts.join(', ')}
            disabled={disabled}
            onClick={() => onBet(spot)}
            data-testid={`baccarat-spot-${spot}`}
          >
            <span className="bac-spot__name">{name}</span>
            <span className="bac-spot__pays">{SPOT_PAYS[spot]}</span>
            {stake ? (
              <span
                key={`${spot}-${stake}`}
                className={`bac-spot__stake${settledStakes ? ' bac-spot__stake--settled' : ''}`}
                data-testid={`baccarat-stake-${spot}`}
              >
                {formatStake(stake)}
              </span>
            ) : null}
            {outcome ? (
              <span className={`bac-spot__result bac-spot__result--${outcome.result}`}>
                {t(`houseBaccarat.results.${outcome.result}`)}
                {outcome.result === 'win' ? ` +${formatStake(toMinor(outcome.win))}` : ''}
              </span>
            ) : null}
          </button>
        );
      })}
    </fieldset>
  );
}
