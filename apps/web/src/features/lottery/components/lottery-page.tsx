import type { PrizeMode } from '@portal/shared/constants';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { usePageTitle } from '@/lib/use-page-title';
import type { LotteryKind } from '../api/get-game-menus';
import { LotteryGame } from './lottery-game';
import { LotteryLobby } from './lottery-lobby';
import '../i18n/register';
import '@/styles/lottery.css';

export interface LotteryPageProps {
  /** /lottery shows the fast e-lottery; /vnlottery the Vietnamese lottery. */
  kind: LotteryKind;
  /** The prize mode the lottery calls ask for (from the e-lottery category's cards, decided by the app). */
  prizeMode: PrizeMode;
  /** Money moved: the app reads the balance in the header again. */
  onBalanceChange: () => void;
}

const GAME_CODE = /^[A-Z0-9_]{1,32}$/;
const VN_VENDOR = 'TCG_LOTTO_VN';

/**
 * /lottery and /vnlottery: the lobby, or with ?gameCode= that game's page (spec section 2; vendor and playType are
 * kept as given).
 */
export function LotteryPage({ kind: route, prizeMode, onBalanceChange }: LotteryPageProps) {
  const path = route === 'vn' ? '/vnlottery' : '/lottery';
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // The Vietnamese lottery vendor's card and games open /lottery (spec section 2): its games are the Vietnamese ones.
  const kind = params.get('vendor') === VN_VENDOR ? 'vn' : route;
  const gameCode = params.get('gameCode')?.trim().toUpperCase() ?? '';
  const { data: permission } = usePermission();
  usePageTitle(t(kind === 'vn' ? 'lottery.vnTitle' : 'lottery.title'), permission?.settings.brandName);
  // The lobby's address keeps what the launch passed (vendor, playType), without the game.
  const lobby = new URLSearchParams(params);
  lobby.delete('gameCode');
  const lobbyHref = lobby.size > 0 ? `${path}?${lobby}` : path;
  const gameHref = (gameId: string) => {
    const next = new URLSearchParams(lobby);
    next.set('gameCode', gameId);
    return `${path}?${next}`;
  };
  if (GAME_CODE.test(gameCode)) {
    return (
      <LotteryGame
        key={gameCode}
        gameId={gameCode}
        kind={kind}
        prizeMode={prizeMode}
        lobbyHref={lobbyHref}
        onBalanceChange={onBalanceChange}
      />
    );
  }
  return <LotteryLobby kind={kind} prizeMode={prizeMode} gameHref={gameHref} />;
}
