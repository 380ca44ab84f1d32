import type { Language } from '@portal/shared/constants';
import type { LaunchMode, LaunchValue } from '@portal/shared/games';
import { useMutation } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { apiGet } from '@/lib/api-client';

const LAUNCH_PATHS: Record<LaunchMode, string> = {
  // Real money, with the member's session.
  real: '/wps/game/launchGame',
  // Free play with demo money (the operator may allow it without a session).
  trial: '/wps/relay/GCS_gameLaunchFB',
};

export interface LaunchGameInput {
  nodeId: string;
  mode: LaunchMode;
}

/** GET /wps/game/launchGame?nodeId&language (real) or /wps/relay/GCS_gameLaunchFB?nodeId&language (free play). */
export function launchGame({ nodeId, mode }: LaunchGameInput, language: Language): Promise<LaunchValue> {
  return apiGet<LaunchValue>(LAUNCH_PATHS[mode], { params: { nodeId }, language });
}

/**
 * A launch is an action, not data to cache: every press asks for a fresh (single-use) game address, so it is a
 * mutation rather than a query.
 */
export function useLaunchGame() {
  const language = useLanguage();
  return useMutation({ mutationFn: (input: LaunchGameInput) => launchGame(input, language) });
}
