import { useTranslation } from 'react-i18next';
import type { DrawResult } from '../api/lottery-types';
import { viewOf } from '../lib/draw-numbers';

const PIPS: Record<number, [number, number][]> = {
  1: [[12, 12]],
  2: [
    [7, 7],
    [17, 17],
  ],
  3: [
    [6, 6],
    [12, 12],
    [18, 18],
  ],
  4: [
    [7, 7],
    [17, 7],
    [7, 17],
    [17, 17],
  ],
  5: [
    [6, 6],
    [18, 6],
    [12, 12],
    [6, 18],
    [18, 18],
  ],
  6: [
    [7, 6],
    [17, 6],
    [7, 12],
    [17, 12],
    [7, 18],
    [17, 18],
  ],
};

export function DieFace({ value }: { value: number }) {
  return (
    <svg className="lottery-die" viewBox="0 0 24 24" role="img" aria-label={String(value)}>
      <rect x="1" y="1" width="22" height="22" rx="5" />
      {(PIPS[value] ?? []).map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.2" />
      ))}
    </svg>
  );
}

/** A Win Go number as its coloured ball: half violet for 0 and 5, as the colours pay. */
export function WingoBall({ number, colours }: { number: number; colours: string[] }) {
  const { t } = useTranslation();
  const names = colours.map((colour) => t(`lottery.results.colours.${colour}`)).join(', ');
  return (
    <span
      className={`lottery-ball lottery-ball--wingo ${colours.map((colour) => `lottery-ball--${colour}`).join(' ')}`}
      role="img"
      aria-label={`${number} (${names})`}
    >
      {number}
    </span>
  );
}

/** A draw's winning numbers: colour ball for Win Go, dice for K3, balls for the other groups. */
export function ResultView({ result, compact = false }: { result: DrawResult | null | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  const view = viewOf(result);
  if (!view) return <span className="lottery-result lottery-result--none">—</span>;
  if (view.kind === 'wingo') {
    return (
      <span className="lottery-result" data-testid="lottery-result">
        <WingoBall number={view.number} colours={view.colours} />
        {compact ? null : <span className="lottery-result__tag">{t(`lottery.results.sizes.${view.size}`)}</span>}
      </span>
    );
  }
  if (view.kind === 'dice') {
    return (
      <span className="lottery-result" data-testid="lottery-result">
        {view.dice.map((die, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the dice's order is their identity
          <DieFace key={index} value={die} />
        ))}
        <span className="lottery-result__tag tabular">{t('lottery.results.sum', { sum: view.sum })}</span>
      </span>
    );
  }
  return (
    <span className="lottery-result" data-testid="lottery-result">
      {view.balls.map((ball, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the balls' order is their identity
        <span key={index} className="lottery-ball tabular">
          {ball}
        </span>
      ))}
      {view.special !== undefined ? (
        <>
          <span aria-hidden="true">+</span>
          <span className="lottery-ball lottery-ball--special tabular">{view.special}</span>
        </>
      ) : null}
    </span>
  );
}
