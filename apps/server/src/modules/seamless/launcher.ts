import { DEMO_CURRENCY } from '../../common/currencies.ts';
import { TRIAL_TYPE } from '../../common/member-types.ts';
import type { MemberIdentity } from '../../common/request-identity.ts';
import type { SeamlessService, VendorIntegration } from './service.ts';

/**
 * Opens a connected vendor's game at the address the operator configured for it. Real money opens a launch session
 * whose token the game sends back on every bet; a trial account's session plays its demo money; free play for
 * anyone else is the vendor's own (an empty token: nothing touches the wallet).
 */
/** How the catalogue asks a vendor to open a game (the games module's launcher, seen from here). */
export interface VendorGameLauncher {
  /** Where the game opens: the vendor's setting. */
  readonly target: 'frame' | 'window';
  launch(input: {
    game: { node_id: string };
    member: MemberIdentity | null;
    mode: 'real' | 'trial';
    language: string;
  }): Promise<string>;
}

export function seamlessLauncher(seamless: SeamlessService, vendor: VendorIntegration & { launchUrl: string }) {
  const launcher: VendorGameLauncher = {
    target: vendor.launchTarget,
    async launch({ game, member, mode, language }) {
      const session = await sessionFor(seamless, vendor, member, mode, game.node_id);
      return fillTemplate(vendor.launchUrl, {
        gameId: game.node_id,
        token: session ?? '',
        language,
        mode: session || mode === 'real' ? 'real' : 'trial',
      });
    },
  };
  return launcher;
}

/**
 * The launch session a vendor's game gets: real money for a member, demo money for a trial account, none for free
 * play (a visitor, or a real member trying the game).
 */
export async function sessionFor(
  seamless: SeamlessService,
  vendor: VendorIntegration,
  member: MemberIdentity | null,
  mode: 'real' | 'trial',
  nodeId: string,
): Promise<string | null> {
  const trialAccount = member?.type === TRIAL_TYPE;
  if (!member || (mode === 'trial' && !trialAccount)) return null;
  return seamless.openSession({
    memberId: member.id,
    vendorCode: vendor.code,
    nodeId,
    currency: trialAccount ? DEMO_CURRENCY : vendor.currency,
    demo: trialAccount,
  });
}

/** Puts each value, URL-encoded, where the template names it. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(values[name] ?? '') : whole,
  );
}

/** The launcher of a vendor code, when an enabled integration with a launch address exists. */
export async function seamlessLauncherFor(
  seamless: SeamlessService,
  vendorCode: string,
): Promise<VendorGameLauncher | null> {
  const vendor = await seamless.vendor(vendorCode).catch(() => null);
  if (!vendor?.enabled || !vendor.launchUrl) return null;
  return seamlessLauncher(seamless, { ...vendor, launchUrl: vendor.launchUrl });
}
