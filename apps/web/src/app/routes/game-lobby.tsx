import { GAME_TYPE_ROUTE, type GameType } from '@portal/shared/constants';
import { useMemberInfo } from '@/api/get-member-info';
import { SlotsLobby } from '@/features/games/components/slots-lobby';
import { hasSessionHint } from '@/lib/session';

/** The game type whose page an address is (/rng, /live, …); undefined for any other address. */
export function gameTypeForPath(pathname: string): GameType | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return (Object.entries(GAME_TYPE_ROUTE) as [GameType, string][]).find(([, route]) => route === path)?.[0];
}

/** A game type's lists for whoever is signed in; a key per type, so another type starts with fresh lists. */
export function GameLobby({ gameType }: { gameType: GameType }) {
  const member = useMemberInfo();
  return (
    <SlotsLobby
      key={gameType}
      gameType={gameType}
      memberType={member.data ? member.data.type : null}
      sessionPending={hasSessionHint() && member.isPending}
    />
  );
}
