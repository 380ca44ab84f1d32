import type { GameCard } from '@portal/shared/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LazyImage } from '@/components/ui/lazy-image';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { useRecentGamesFirstPage } from '../api/get-recent-games';
import { useGameLaunch } from '../hooks/use-game-launch';
import { tileImageUrl } from '../lib/tile-image';
import '../i18n/register';
import '@/styles/games.css';
import { NeedRealAccountDialog } from './need-real-account-dialog';

/** The rows' artwork: small squares, their box reserved before they load. */
const THUMB_SIZE = 48;
const PLACEHOLDER_ROWS = 4;

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7.5V12l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

interface RecentGamesListProps {
  onPlay: (game: GameCard) => void;
  pendingNodeId: string | null;
}

/** The first page of the member's recent games, last played first: one compact row each. */
function RecentGamesList({ onPlay, pendingNodeId }: RecentGamesListProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const recent = useRecentGamesFirstPage(true);

  if (recent.isPending) {
    return (
      <ul className="recent-games__list" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_ROWS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <li key={index} className="recent-games__row recent-games__row--placeholder">
            <Skeleton width={THUMB_SIZE} height={THUMB_SIZE} radius="card" />
            <Skeleton width="60%" />
          </li>
        ))}
      </ul>
    );
  }
  if (recent.isError) return <ErrorState onRetry={() => recent.refetch()} />;
  const games = recent.data.list;
  if (games.length === 0) return <EmptyState />;

  return (
    <ul className="recent-games__list">
      {games.map((game) => (
        <li key={game.nodeId}>
          <button
            type="button"
            className="recent-games__row"
            aria-label={t('games.tile.playName', { name: game.gameName })}
            aria-busy={pendingNodeId === game.nodeId || undefined}
            disabled={pendingNodeId !== null}
            onClick={() => onPlay(game)}
          >
            <LazyImage
              src={tileImageUrl(game.imageUrl, language)}
              alt=""
              width={THUMB_SIZE}
              height={THUMB_SIZE}
              className="recent-games__image"
            />
            <span className="recent-games__text">
              <span className="recent-games__name">{game.gameName}</span>
              <span className="recent-games__vendor">{game.vendorName}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Side widget of spec section 2: for a signed-in member, a button beside the right bar's that opens the games
 * played lately; a press on one plays it (real money) through the usual launch rules. Visitors see nothing (the
 * right bar does not even load it for them).
 */
export function RecentGamesPanel() {
  const { t } = useTranslation();
  const { data: member } = useMemberInfo();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.key);
  const launcher = useGameLaunch({ memberType: member ? member.type : null, sessionPending: false });

  // Leaving the page (the game opened, a lottery page) closes the panel: derived during render, no effect.
  if (openedAt !== location.key) {
    setOpenedAt(location.key);
    if (open) setOpen(false);
  }

  if (!member) return null;

  return (
    <>
      <button
        type="button"
        className="right-bar__item right-bar__item--recent"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <ClockIcon />
        <span>{t('games.recentPanel.open')}</span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('games.recentPanel.title')} testId="recent-games">
        <RecentGamesList
          pendingNodeId={launcher.pending?.nodeId ?? null}
          onPlay={(game) => launcher.play(game, 'real')}
        />
      </Modal>
      <NeedRealAccountDialog launcher={launcher} testId="recent-games-need-real-account" />
    </>
  );
}

export default RecentGamesPanel;
