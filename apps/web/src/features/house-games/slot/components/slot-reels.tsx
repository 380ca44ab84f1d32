import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cellKey, lineColour } from '../lib/slot-math';
import { SPIN_STRIP } from '../lib/slot-symbols';
import { SlotSymbol } from './slot-symbol';

export interface ReelLine {
  /** Payline number as players see it, 1–20. */
  line: number;
  /** Grid rows crossed, reel by reel. */
  rows: readonly number[];
}

export interface SlotReelsProps {
  /** grid[reel][row], row 0 at the top. */
  grid: readonly (readonly string[])[];
  rows: number;
  /** Per reel: whether it is still spinning. */
  spinning: readonly boolean[];
  /** Reels wait for a result without moving (reduced motion). */
  reducedMotion: boolean;
  /** Changes with every spin shown, so that a stopped reel lands again. */
  spinKey: string;
  /** Whether stopped reels play their landing (not for the grid shown before any spin). */
  landing: boolean;
  winCells: ReadonlySet<string>;
  winLines: readonly ReelLine[];
  symbolName: (id: string) => string;
  /** Shown over the reels (free-spin announcement, jackpot). */
  overlay?: ReactNode;
  freeSpin?: boolean;
}

function spinStrip(reel: number): string[] {
  const offset = (reel * 3) % SPIN_STRIP.length;
  const turn = [...SPIN_STRIP.slice(offset), ...SPIN_STRIP.slice(0, offset)];
  // Twice over, so that moving it by half its height loops seamlessly.
  return [...turn, ...turn];
}

/** The 5 × 3 window: reels that spin and stop one by one, winning cells lit and winning lines drawn across. */
export function SlotReels({
  grid,
  rows,
  spinning,
  reducedMotion,
  spinKey,
  landing,
  winCells,
  winLines,
  symbolName,
  overlay,
  freeSpin = false,
}: SlotReelsProps) {
  const { t } = useTranslation();
  const reels = grid.length;
  const hasWins = winCells.size > 0;
  const busy = spinning.some(Boolean);
  return (
    <div
      className={`slot-window${freeSpin ? ' slot-window--free' : ''}${hasWins ? ' has-wins' : ''}`}
      style={{ '--slot-reels': reels, '--slot-rows': rows } as CSSProperties}
      data-testid="slot-reels"
      aria-busy={busy}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a group of pictures, not form controls */}
      <div className="slot-reels" role="group" aria-label={t('houseSlot.reels')}>
        {grid.map((column, reel) =>
          spinning[reel] ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: reels are fixed positions
            <div key={`spin-${reel}`} className="slot-reel is-spinning">
              {reducedMotion ? (
                <div className="slot-reel__cells is-waiting" aria-hidden="true">
                  {column.map((symbol, row) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed positions
                    <div key={row} className="slot-cell">
                      <SlotSymbol id={symbol} />
                    </div>
                  ))}
                </div>
              ) : (
                <div className="slot-reel__strip" aria-hidden="true">
                  {spinStrip(reel).map((symbol, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the strip never changes
                    <div key={index} className="slot-cell">
                      <SlotSymbol id={symbol} />
                    </div>
                  ))}
                </div>
              )}
            </div>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: reels are fixed positions
            <div key={`${spinKey}-${reel}`} className="slot-reel">
              <div className={`slot-reel__cells${landing ? ' is-landing' : ''}`}>
                {column.map((symbol, row) => {
                  const win = winCells.has(cellKey(reel, row));
                  return (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed positions
                      key={row}
                      className={`slot-cell${win ? ' is-win' : ''}`}
                      data-testid={`slot-cell-${reel}-${row}`}
                    >
                      <SlotSymbol id={symbol} label={symbolName(symbol)} />
                    </div>
                  );
                })}
              </div>
            </div>
          ),
        )}
      </div>
      {winLines.length > 0 ? (
        <svg
          className="slot-lines"
          viewBox={`0 0 ${reels * 100} ${rows * 100}`}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          {winLines.map(({ line, rows: path }) => (
            <polyline
              key={line}
              points={path.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ')}
              stroke={lineColour(line)}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      ) : null}
      {overlay}
    </div>
  );
}
