import { HOUSE_GAME_NODES, HOUSE_VENDOR, type HouseGameKind } from '@portal/shared/house-games';
import { AppError } from '../../http/errors.ts';
import type { GameLauncher } from '../games/launch.ts';
import { sessionFor } from '../seamless/launcher.ts';
import type { SeamlessService } from '../seamless/service.ts';

const KIND_OF_NODE = new Map(Object.entries(HOUSE_GAME_NODES).map(([kind, node]) => [node, kind as HouseGameKind]));

/**
 * Opens a house game on this site (`/house/<kind>`), as the launch address of any seamless vendor: a member's real
 * play gets a launch session whose token the game server bets with; a trial member's gets one on demo money; free
 * play gets no token (the page plays without a wallet).
 */
export function houseLauncher(seamless: SeamlessService): GameLauncher {
  return {
    async launch({ game, member, mode, language }) {
      const kind = KIND_OF_NODE.get(game.node_id);
      if (!kind) throw new Error(`${game.node_id} is not a house game`);
      const vendor = await seamless.vendor(HOUSE_VENDOR);
      if (!vendor.enabled) throw new AppError(503, 'GAME_MAINTENANCE');
      const token = (await sessionFor(seamless, vendor, member, mode, game.node_id)) ?? '';
      const query = new URLSearchParams({ token, lang: language, mode: token ? 'real' : 'trial' });
      return `/house/${kind}?${query}`;
    },
  };
}
