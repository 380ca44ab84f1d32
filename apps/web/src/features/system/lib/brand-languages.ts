import type { PermissionInfo } from '@portal/shared/api';
import type { QueryClient } from '@tanstack/react-query';
import { applyBrandLanguages, i18n } from '@/i18n';

/**
 * Applies the brand's language settings the first time its permission answer arrives, for a start that did not
 * have them (no answer embedded in the page). Once only: a language set since the start (the player's pick, a
 * house game's launch language) stands.
 */
export function followBrandLanguages(queryClient: QueryClient, host: string = window.location.host): () => void {
  const startLanguage = i18n.language;
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [scope, name, queryHost] = event.query.queryKey;
    if (scope !== 'system' || name !== 'permission' || queryHost !== host) return;
    unsubscribe();
    if (i18n.language !== startLanguage) return;
    void applyBrandLanguages((event.query.state.data as PermissionInfo | undefined)?.settings);
  });
  return unsubscribe;
}
