import type { BaccaratRoundValue } from '@portal/shared/house-games';
import { useTranslation } from 'react-i18next';
import { type Hand, handTotal, revealOrder, shownCount } from '../lib/baccarat';
import { PlayingCard } from './playing-card';

interface BaccaratHandsProps {
  /** The round being shown; null before the first deal and while a deal is on its way. */
  round: BaccaratRoundValue | null;
  /** How many cards of the round are face up, in dealing order. */
  revealed: number;
  /** All cards are up: the outcome shows. */
  settled: boolean;
  dealing: boolean;
}

const HANDS: readonly Hand[] = ['player', 'banker'];

/** The two hands, their cards turned one by one, their totals, and the outcome once the last card is up. */
export function BaccaratHands({ round, revealed, settled, dealing }: BaccaratHandsProps) {
  const { t } = useTranslation();
  const steps = round ? revealOrder(round) : [];

  return (
    <section className="bac-hands" aria-label={t('houseBaccarat.hands.label')} aria-busy={dealing || undefined}>
      {HANDS.map((hand) => {
        const cards = round?.[hand] ?? [];
        const shown = round ? shownCount(steps, revealed, hand) : 0;
        const total = handTotal(cards.slice(0, shown));
        const won = settled && round?.outcome === hand;
        const slots = Math.max(2, shown);
        return (
          <div
            key={hand}
            className={`bac-hand bac-hand--${hand}${won ? ' bac-hand--won' : ''}`}
            data-testid={`baccarat-hand-${hand}`}
          >
            <div className="bac-hand__head">
              <span className="bac-hand__name">{t(`houseBaccarat.spots.${hand}`)}</span>
              {shown > 0 ? (
                <span className="bac-hand__total" data-testid={`baccarat-total-${hand}`}>
                  <span className="visually-hidden">{t('houseBaccarat.hands.total', { total })}</span>
                  <span aria-hidden="true">{total}</span>
                </span>
              ) : null}
            </div>
            <div className="bac-hand__cards">
              {Array.from({ length: slots }, (_, index) => {
                const card = index < shown ? cards[index] : undefined;
                return card ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a card's place in its hand is its identity
                  <PlayingCard key={index} card={card} sideways={index === 2} />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty places on the felt
                  <div key={index} className={`bac-slot${dealing ? ' bac-slot--dealing' : ''}`} aria-hidden="true" />
                );
              })}
            </div>
          </div>
        );
      })}
      {settled && round ? (
        <div className={`bac-outcome bac-outcome--${round.outcome}`} data-testid="baccarat-outcome">
          <span className="bac-outcome__title">{t(`houseBaccarat.outcome.${round.outcome}`)}</span>
          <span className="bac-outcome__score">
            {round.playerTotal} : {round.bankerTotal}
          </span>
        </div>
      ) : null}
    </section>
  );
}
