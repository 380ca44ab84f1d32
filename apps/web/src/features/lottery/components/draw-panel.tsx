import { useTranslation } from 'react-i18next';
import type { LotteryResult } from '../api/lottery-types';
import { useClockText } from './draw-clock';
import { ResultView } from './result-view';

export interface DrawPanelProps {
  /** The draw taking bets now, or null when none is open. */
  numero: string | null;
  /** Milliseconds until betting on it closes (0 or less: closed, the draw is being drawn). */
  remainingMs: number;
  /** How a draw number reads (a Vietnamese draw's is its day). */
  label?: (numero: string) => string;
  /** A draw that closed and whose result has not arrived yet. */
  drawingNumero: string | null;
  latest: LotteryResult | undefined;
  /** The hash of the open draw's seed, published before betting opens. */
  seedHash: string | null;
  onVerify: (numero: string) => void;
}

/** The top of a game's page: the open draw and its countdown to the lock, then the draw in progress or the last. */
export function DrawPanel({
  numero,
  remainingMs,
  label = (value) => value,
  drawingNumero,
  latest,
  seedHash,
  onVerify,
}: DrawPanelProps) {
  const { t } = useTranslation();
  const clock = useClockText();
  const open = numero !== null && remainingMs > 0;
  const urgent = open && remainingMs <= 10_000;
  return (
    <section className="lottery-draw">
      <div className="lottery-draw__current">
        {numero ? (
          <>
            <span className="lottery-draw__numero tabular">{t('lottery.draw.numero', { numero: label(numero) })}</span>
            {open ? (
              <span className={`lottery-draw__clock${urgent ? ' lottery-draw__clock--urgent' : ''}`}>
                <span className="lottery-draw__label">{t('lottery.draw.closesIn')}</span>
                <span className="tabular" role="timer" data-testid="lottery-countdown">
                  {clock(remainingMs)}
                </span>
              </span>
            ) : (
              <span className="lottery-draw__clock lottery-draw__clock--drawing" data-testid="lottery-drawing">
                {t('lottery.draw.drawing')}
              </span>
            )}
          </>
        ) : (
          <span className="lottery-draw__none">{t('lottery.draw.noDraw')}</span>
        )}
      </div>
      {seedHash && open ? (
        <p className="lottery-draw__hash">
          <span>{t('lottery.draw.seedHash')}</span>{' '}
          <code title={seedHash} data-testid="lottery-seed-hash">
            {seedHash.slice(0, 16)}…
          </code>
        </p>
      ) : null}
      {/* Announced when it changes (a draw closing, a result arriving); the ticking countdown is not. */}
      <div className="lottery-draw__last" aria-live="polite">
        {drawingNumero ? (
          <span className="lottery-draw__pending" data-testid="lottery-draw-pending">
            <span className="lottery-spinner" aria-hidden="true" />
            {t('lottery.draw.drawingNumero', { numero: label(drawingNumero) })}
          </span>
        ) : latest ? (
          <button type="button" className="lottery-draw__latest" onClick={() => onVerify(latest.numero)}>
            <span className="tabular">{t('lottery.draw.previous', { numero: latest.numero })}</span>
            <ResultView result={latest.result} />
          </button>
        ) : null}
      </div>
    </section>
  );
}
