import type { SlotSpinValue } from '@portal/shared/house-games';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { isPositive, lineColour } from '../lib/slot-math';

export interface LineWinListProps {
  /** The spin on the reels with every reel stopped; null while they spin. */
  spin: SlotSpinValue | null;
  scatterId: string;
  symbolName: (id: string) => string;
  /** The line drawn alone on the reels, or null for all of them. */
  focusedLine: number | null;
  onFocusLine: (line: number | null) => void;
  /** The currency the game plays (see playCurrency). */
  currency: string;
}

/**
 * The winning lines of the spin on the reels ("Line 7: 3 × Crown = 12.00") and its scatter pay. Pressing a line
 * shows it alone on the reels; pressing it again shows them all.
 */
export function LineWinList({ spin, scatterId, symbolName, focusedLine, onFocusLine, currency }: LineWinListProps) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  if (!spin) return null;
  const scatterPaid = isPositive(spin.scatterWin);
  if (spin.lineWins.length === 0 && !scatterPaid) return null;
  return (
    <section className="slot-lines-list">
      <h2 className="visually-hidden">{t('houseSlot.result.winningLines')}</h2>
      <ul data-testid="slot-line-wins">
        {spin.lineWins.map((win) => (
          <li key={win.line}>
            <button
              type="button"
              className="slot-line-win"
              aria-pressed={focusedLine === win.line}
              title={t('houseSlot.result.showLine', { line: win.line })}
              onClick={() => onFocusLine(focusedLine === win.line ? null : win.line)}
            >
              <span className="slot-line-win__swatch" style={{ background: lineColour(win.line) }} aria-hidden="true" />
              <span className="tabular">
                {t('houseSlot.result.line', {
                  line: win.line,
                  count: win.count,
                  symbol: symbolName(win.symbol),
                  amount: money(win.amount, currency),
                })}
              </span>
            </button>
          </li>
        ))}
        {scatterPaid ? (
          <li>
            <span className="slot-line-win slot-line-win--scatter tabular">
              {t('houseSlot.result.scatter', {
                count: spin.scatterCount,
                symbol: symbolName(scatterId),
                amount: money(spin.scatterWin, currency),
              })}
            </span>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
