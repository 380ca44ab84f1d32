import type { GameCard, LaunchMode } from '@portal/shared/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { usePortalModals } from '@/lib/portal-modals';
import { useLaunchGame } from '../api/launch-game';
import { openGameWindow } from '../lib/game-window';
import { decideLaunch, gamePageHref } from '../lib/launch-rules';

export interface GameLaunchOptions {
  /** The signed-in member's type, null for a visitor. */
  memberType: number | null;
  /** The member's info is still on its way: a press now could be judged on the wrong session. */
  sessionPending: boolean;
}

export interface PendingLaunch {
  nodeId: string;
  mode: LaunchMode;
}

/**
 * Plays a game by the rules of spec sections 2 and 4: the login popup for a visitor, the real-account warning
 * for a trial account asking for real money, the lottery page for lottery vendors, otherwise the launch call and
 * the game's iframe page, or a window of its own when the vendor's pages refuse to be framed (the answer's target).
 * A refused launch shows the server's message in a toast.
 */
export function useGameLaunch({ memberType, sessionPending }: GameLaunchOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const modals = usePortalModals();
  const launch = useLaunchGame();
  const [needRealAccount, setNeedRealAccount] = useState(false);

  function play(game: Pick<GameCard, 'nodeId' | 'vassalage' | 'gameName'>, mode: LaunchMode) {
    if (sessionPending || launch.isPending) return;
    const decision = decideLaunch({ game, mode, memberType });
    if (decision.kind === 'login') {
      modals.open({ name: 'login' });
      return;
    }
    if (decision.kind === 'needRealAccount') {
      setNeedRealAccount(true);
      return;
    }
    if (decision.kind === 'route') {
      navigate(decision.to);
      return;
    }
    launch.mutate(
      { nodeId: game.nodeId, mode },
      {
        onSuccess: (value) => {
          // An address the portal will not open goes to the game page, which says so instead of showing it.
          if (value.target === 'window' && openGameWindow(value.url)) return;
          navigate(gamePageHref(value.url, value.gameName || game.gameName));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            // No session (or it ended): signing in is what the player needs next.
            modals.open({ name: 'login' });
          } else if (error instanceof ApiError && error.status >= 400) {
            toast.show(error.message, 'error');
          } else {
            // Offline or an unreadable answer: the client's fallback text is English, so say it in the player's.
            toast.show(t('games.launchFailed'), 'error');
          }
        },
      },
    );
  }

  const pending: PendingLaunch | null = launch.isPending && launch.variables ? launch.variables : null;

  return {
    play,
    pending,
    needRealAccount,
    /** The warning's confirm button: a real account is what the player needs, so registration opens. */
    register: () => {
      setNeedRealAccount(false);
      modals.open({ name: 'register' });
    },
    dismissNeedRealAccount: () => setNeedRealAccount(false),
  };
}
