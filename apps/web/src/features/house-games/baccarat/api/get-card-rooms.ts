import { type CardRoomListValue, HOUSE_GAME_NODES } from '@portal/shared/house-games';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** GET /wps/relay/GLS2_roomList: the baccarat tables with their limits and the players seen lately. */
export function getCardRooms(language: string, signal?: AbortSignal): Promise<CardRoomListValue> {
  return apiGet<CardRoomListValue>('/wps/relay/GLS2_roomList', {
    params: { nodeId: HOUSE_GAME_NODES.baccarat },
    language,
    signal,
  });
}

export function useCardRooms(language: string) {
  return useQuery({
    queryKey: ['house', 'baccarat', 'rooms', language],
    queryFn: ({ signal }) => getCardRooms(language, signal),
    refetchInterval: 30_000,
  });
}
