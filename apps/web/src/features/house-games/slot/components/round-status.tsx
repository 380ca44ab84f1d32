import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { isPositive } from '../lib/slot-math';

export interface RoundStatusProps {
  /** The spin on the reels: 0 is the paid spin, then the free spins. */
  spinIndex: number;
  /** Whether that spin's reels have all stopped. */
  stopped: boolean;
  /** Free spins in the round (all its spins but the paid one). */
  freeSpins: number;
  multiplier: number;
  /** The round's win shown so far. */
  runningWin: string;
  /** The round has been shown to its end. */
  finished: boolean;
  /** The currency the game plays (see playCurrency). */
  currency: string;
}

/**
 * The round as it plays: which free spin is on the reels and the total won so far; at the end, the round's win and
 * the free spins it played ("Free spins 10 × 3"). Its height is fixed, so nothing below moves from spin to spin.
 */
export function RoundStatus({
  spinIndex,
  stopped,
  freeSpins,
  multiplier,
  runningWin,
  finished,
  currency,
}: RoundStatusProps) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const inFreeSpins = spinIndex > 0 && !finished;
  const won = isPositive(runningWin);

  let headline = '';
  if (finished) {
    headline = won ? `${t('houseSlot.result.roundWin')} ${money(runningWin, currency)}` : t('houseSlot.result.noWin');
  } else if (inFreeSpins) {
    headline = `${t('houseSlot.result.runningTotal')} ${money(runningWin, currency)}`;
  } else if (stopped && won) {
    headline = `${t('houseSlot.result.roundWin')} ${money(runningWin, currency)}`;
  }

  let detail: string | null = null;
  if (inFreeSpins) detail = t('houseSlot.result.freeSpinOf', { index: spinIndex, total: freeSpins, multiplier });
  else if (finished && freeSpins > 0) detail = t('houseSlot.result.freeSpinsPlayed', { count: freeSpins, multiplier });

  return (
    <section className="slot-status" data-testid="slot-result">
      <p className={`slot-status__headline${won ? ' is-win' : ''}`} aria-live="polite" data-testid="slot-round-win">
        {headline}
      </p>
      <p
        className={`slot-status__detail${inFreeSpins ? ' is-free' : ''}`}
        data-testid={
          inFreeSpins ? 'slot-free-spin-progress' : finished && freeSpins > 0 ? 'slot-free-spins-played' : undefined
        }
      >
        {detail}
      </p>
    </section>
  );
}
