import type { VendorCard } from '@portal/shared/api';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { Pagination } from '@/components/ui/pagination';
import { useLanguage } from '@/i18n';
import { hasSessionHint } from '@/lib/session';
import { SLOTS_PAGE_SIZE } from '../api/games-keys';
import { useGameList } from '../api/get-game-list';
import { useFavourites } from '../hooks/use-favourites';
import { useGameLaunch } from '../hooks/use-game-launch';
import { decideVendorCard } from '../lib/vendor-cards';
import { GameGrid, GameGridPlaceholder } from './game-grid';
import { NeedRealAccountDialog } from './need-real-account-dialog';
import '../i18n/register';
import '@/styles/games.css';

type Launcher = ReturnType<typeof useGameLaunch>;

/** A pressed vendor card (spec section 2): the popup of its games, or the launch of the one game it stands for. */
export default function VendorCardAction({ vendor, onClose }: { vendor: VendorCard; onClose: () => void }) {
  const member = useMemberInfo();
  const memberType = member.data ? member.data.type : null;
  const sessionPending = hasSessionHint() && member.isPending;
  const launcher = useGameLaunch({ memberType, sessionPending });
  const decision = decideVendorCard(vendor);

  // Leaving the page (a game opened, or a link followed) ends the press.
  const location = useLocation();
  const startedAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== startedAt.current) onClose();
  }, [location.key, onClose]);

  // A lobby card plays its game as soon as the session is known, once per press.
  const launched = useRef(false);
  useEffect(() => {
    if (decision.kind !== 'lobby' || sessionPending || launched.current) return;
    launched.current = true;
    launcher.play(decision.game, 'real');
  });

  return (
    <>
      {decision.kind === 'games' ? (
        <VendorGamesDialog
          vendor={vendor}
          launcher={launcher}
          signedIn={memberType !== null}
          sessionPending={sessionPending}
          onClose={onClose}
        />
      ) : null}
      <NeedRealAccountDialog launcher={launcher} testId="vendor-need-real-account" />
    </>
  );
}

function VendorGamesDialog({
  vendor,
  launcher,
  signedIn,
  sessionPending,
  onClose,
}: {
  vendor: VendorCard;
  launcher: Launcher;
  signedIn: boolean;
  sessionPending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const list = useGameList({
    gameType: vendor.gameType,
    vassalage: vendor.vassalage,
    pageNo: page,
    pageSize: SLOTS_PAGE_SIZE,
    language,
  });
  const favourites = useFavourites(signedIn);
  const games = list.data?.games;

  let body: ReactNode;
  if (games === undefined && list.isError) {
    body = <ErrorState message={t('common.loadFailed')} onRetry={() => void list.refetch()} />;
  } else if (games === undefined) {
    body = <GameGridPlaceholder count={6} />;
  } else if (games.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <GameGrid
        games={games}
        refreshing={list.isPlaceholderData}
        signedIn={signedIn}
        favourites={favourites}
        launcher={launcher}
        sessionPending={sessionPending}
      />
    );
  }

  return (
    <Modal open onClose={onClose} title={vendor.displayName} size="lg" testId="vendor-games">
      {body}
      {list.data ? (
        <Pagination
          pageNo={page}
          totalPages={list.data.totalPages}
          onChange={setPage}
          disabled={list.isPlaceholderData}
        />
      ) : null}
    </Modal>
  );
}
