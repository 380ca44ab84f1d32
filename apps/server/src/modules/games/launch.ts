import type { Language } from '@portal/shared/constants';
import type { LaunchMode, LaunchTarget, LaunchValue } from '@portal/shared/games';
import type { MemberIdentity } from '../../common/request-identity.ts';
import { AppError } from '../../http/errors.ts';
import { localise } from '../../http/language.ts';
import type { SettingsService } from '../system/settings-service.ts';
import type { GameRow } from './repository.ts';
import { type GameCatalogue, onCdn } from './service.ts';

/**
 * How one vendor opens a game: the address of a real-money session for a member, or of free play, and where the
 * address opens (the /game frame when not said).
 */
export interface GameLauncher {
  readonly target?: LaunchTarget;
  launch(input: {
    game: GameRow;
    member: MemberIdentity | null;
    mode: LaunchMode;
    language: Language;
  }): Promise<string>;
}

/**
 * Opens games through the launcher of the game's vendor. A vendor without one (no integration configured on this
 * portal, or switched off) answers 'game maintenance', the spec's message for a game that cannot be opened now.
 */
export class GameLaunches {
  constructor(
    private readonly catalogue: GameCatalogue,
    private readonly settings: SettingsService,
    private readonly launcherFor: (vendorCode: string) => Promise<GameLauncher | null>,
  ) {}

  async launch(
    member: MemberIdentity | null,
    nodeId: string,
    mode: LaunchMode,
    language: Language,
  ): Promise<LaunchValue> {
    const game = await this.catalogue.game(nodeId);
    if (mode === 'trial' && !game.has_trial) throw new AppError(400, 'TRIAL_NOT_OFFERED');
    const launcher = await this.launcherFor(game.vendor_code);
    if (!launcher) throw new AppError(503, 'GAME_MAINTENANCE');
    const address = await launcher.launch({ game, member, mode, language });
    if (member) await this.catalogue.noteLaunch(member.id, game.id);
    const hosts = (await this.settings.snapshot()).get('integrations').launchGameCDNs;
    return {
      url: onCdn(hosts, address),
      mode,
      nodeId: game.node_id,
      gameName: localise(game.names, language),
      target: launcher.target ?? 'frame',
    };
  }
}
