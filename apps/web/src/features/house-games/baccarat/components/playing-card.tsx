import type { BaccaratCardValue } from '@portal/shared/house-games';
import { useTranslation } from 'react-i18next';
import { rankLabel } from '../lib/baccarat';

type Suit = BaccaratCardValue['suit'];

/** The four suits drawn in a 24×24 box, so no font can turn them into emoji. */
export function SuitIcon({ suit, className }: { suit: Suit; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {suit === 'hearts' ? (
        <path d="M12 21.4 10.6 20C5.4 15.4 2 12.3 2 8.5 2 5.4 4.4 3 7.5 3c1.7 0 3.4.8 4.5 2.1C13.1 3.8 14.8 3 16.5 3 19.6 3 22 5.4 22 8.5c0 3.8-3.4 6.9-8.6 11.5z" />
      ) : suit === 'diamonds' ? (
        <path d="M12 1.5 20.5 12 12 22.5 3.5 12z" />
      ) : suit === 'spades' ? (
        <path d="M12 1.5C9.2 5.4 3 8.9 3 13.6a4.6 4.6 0 0 0 7.9 3.2c-.3 2-1.2 3.7-2.9 5.2h8c-1.7-1.5-2.6-3.2-2.9-5.2a4.6 4.6 0 0 0 7.9-3.2c0-4.7-6.2-8.2-9-12.1z" />
      ) : (
        <>
          <circle cx="12" cy="6.6" r="4.6" />
          <circle cx="6.6" cy="13.4" r="4.6" />
          <circle cx="17.4" cy="13.4" r="4.6" />
          <path d="M10.7 11h2.6l1.7 11h-6z" />
        </>
      )}
    </svg>
  );
}

export function isRed(suit: Suit): boolean {
  return suit === 'hearts' || suit === 'diamonds';
}

interface PlayingCardProps {
  /** null: a card still face down. */
  card: BaccaratCardValue | null;
  /** The third card lies across the hand, as dealers place it. */
  sideways?: boolean;
}

/** One card drawn with CSS and inline SVG: rank and suit in the corners, the suit (or the court letter) large. */
export function PlayingCard({ card, sideways = false }: PlayingCardProps) {
  const { t } = useTranslation();
  const classes = ['bac-card', sideways ? 'bac-card--sideways' : ''];
  if (!card) {
    return (
      <div className={[...classes, 'bac-card--down'].join(' ')} role="img" aria-label={t('houseBaccarat.cardDown')} />
    );
  }
  const rank = rankLabel(card.rank);
  const rankName = card.rank === 1 || card.rank > 10 ? t(`houseBaccarat.ranks.${card.rank}`) : rank;
  const label = t('houseBaccarat.card', { rank: rankName, suit: t(`houseBaccarat.suits.${card.suit}`) });
  const court = card.rank > 10;
  return (
    <div
      className={[...classes, 'bac-card--up', isRed(card.suit) ? 'bac-card--red' : 'bac-card--black'].join(' ')}
      role="img"
      aria-label={label}
      data-card={`${rank}${card.suit[0]}`}
    >
      <span className="bac-card__corner" aria-hidden="true">
        <span className="bac-card__rank">{rank}</span>
        <SuitIcon suit={card.suit} className="bac-card__pip" />
      </span>
      {court ? (
        <span className="bac-card__court" aria-hidden="true">
          {rank}
          <SuitIcon suit={card.suit} className="bac-card__court-pip" />
        </span>
      ) : (
        <SuitIcon suit={card.suit} className="bac-card__face" />
      )}
      <span className="bac-card__corner bac-card__corner--end" aria-hidden="true">
        <span className="bac-card__rank">{rank}</span>
        <SuitIcon suit={card.suit} className="bac-card__pip" />
      </span>
    </div>
  );
}
