import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LotteryGame, TimedGames } from '../api/lottery-types';
import { numeroLabel } from '../lib/draw-numbers';
import { cutoffAt } from '../lib/draw-timing';
import { useClockText } from './draw-clock';
import { GameArt } from './game-art';

export interface GameCardProps {
  game: LotteryGame;
  timing: Pick<TimedGames, 'receivedAt' | 'roundTripMs'>;
  now: number;
  saved: boolean;
  onToggleSaved: (gameId: string) => void;
  /** Where the card leads: the lottery page with the game's code. */
  href: string;
}

/** A lottery game in the lobby: its picture, name, open draw and a live countdown to the draw's lock. */
export function GameCard({ game, timing, now, saved, onToggleSaved, href }: GameCardProps) {
  const { t } = useTranslation();
  const clock = useClockText();
  // The clock ticks once a second; an answer newer than its last tick counts from its own arrival.
  const remaining = game.numero ? cutoffAt(game, timing) - Math.max(now, timing.receivedAt) : null;
  return (
    <li className="lottery-card" data-testid="lottery-card" data-game={game.gameId}>
      <Link className="lottery-card__link" to={href} aria-label={t('lottery.card.play', { name: game.remark })}>
        <GameArt
          className="lottery-card__art"
          gameGroupCode={game.gameGroupCode}
          gameId={game.gameId}
          gameMenuTag={game.gameMenuTag}
        />
        <span className="lottery-card__name">{game.remark}</span>
        {game.nameVi ? (
          <span className="lottery-card__vi" lang="vi">
            {game.nameVi}
          </span>
        ) : null}
        {game.numero ? (
          <span className="lottery-card__draw">
            <span className="lottery-card__numero tabular">
              {t('lottery.card.numero', { numero: numeroLabel(game.gameGroupCode, game.numero) })}
            </span>
            <span className="lottery-card__clock">
              <span className="visually-hidden">{t('lottery.card.closesIn')} </span>
              <span className="tabular" role="timer" data-testid="lottery-card-clock">
                {remaining !== null && remaining > 0 ? clock(remaining) : t('lottery.draw.drawing')}
              </span>
            </span>
          </span>
        ) : (
          <span className="lottery-card__draw lottery-card__draw--none">{t('lottery.card.noDraw')}</span>
        )}
      </Link>
      <button
        type="button"
        className={`lottery-card__star${saved ? ' lottery-card__star--on' : ''}`}
        aria-pressed={saved}
        aria-label={t('lottery.card.save', { name: game.remark })}
        onClick={() => onToggleSaved(game.gameId)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.8z"
            fill={saved ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
}
