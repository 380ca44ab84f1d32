import type { WinnerItem } from '@portal/shared/games';
import { type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { useWinners, type WinnersCategory } from '../api/get-winners';
import '../i18n/register';
import '@/styles/winners.css';

/** Each winner card's box (width and gap, in px): the strip's length follows from the number of winners. */
const ITEM_PITCH_PX = 200;
/** Spec section 9: the winners carousel moves 0.5 px a frame, about 30 px a second at 60 frames a second. */
const STEP_PX = 0.5;
const PX_PER_SECOND = STEP_PX * 60;

function WinnerCards({ winners, hidden }: { winners: WinnerItem[]; hidden?: boolean }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  return (
    <ul className="winners__list" aria-hidden={hidden || undefined}>
      {winners.map((winner, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one account may win the same game twice at once; the list is replaced whole
        <li key={`${winner.time}-${winner.nodeId}-${index}`} className="winners__item">
          <span className="winners__account">{winner.account}</span>
          <span className="winners__game" title={winner.gameName}>
            {winner.gameName}
          </span>
          <span className="winners__amount money tabular">
            <span className="visually-hidden">{t('games.winners.won')} </span>
            {money(winner.amount)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Latest winners (spec sections 2 and 9): a strip that moves on its own, paused under the pointer or the
 * keyboard focus, swiped by hand when the player asks for reduced motion. Nothing at all without winners.
 */
export function WinnersCarousel({ category = 'ALL' }: { category?: WinnersCategory }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data } = useWinners(category);
  const winners = data?.list ?? [];
  if (winners.length === 0) return null;

  const seconds = Math.max(10, Math.round((winners.length * ITEM_PITCH_PX) / PX_PER_SECOND));
  const style = { '--winners-duration': `${seconds}s` } as CSSProperties;

  return (
    <div className="winners" data-testid="winners-carousel">
      <h2 id={titleId} className="winners__title">
        {t('games.winners.title')}
      </h2>
      {/* Focusable so a keyboard user can stop the strip and scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="winners__viewport" tabIndex={0} aria-labelledby={titleId}>
        <div className="winners__track" style={style}>
          <WinnerCards winners={winners} />
          {/* The same cards once more, so the loop has no gap; screen readers hear the list once. */}
          <WinnerCards winners={winners} hidden />
        </div>
      </section>
    </div>
  );
}

export default WinnersCarousel;
