import type { Language } from '@portal/shared/constants';
import { useEffect } from 'react';
import { i18n, loadLanguage } from '@/i18n';

/**
 * Speaks the language the launch asked for (`?lang=`), which can differ from what this browser last chose on the
 * portal. Nothing is written to storage: the portal's own choice stays the player's.
 */
export function useHouseLanguage(language: Language): void {
  useEffect(() => {
    if (i18n.language === language) return;
    let cancelled = false;
    // Offline, a language never loaded stays unavailable; the default's strings stand in for it.
    void loadLanguage(language)
      .catch(() => {})
      .then(() => {
        if (!cancelled) void i18n.changeLanguage(language);
      });
    return () => {
      cancelled = true;
    };
  }, [language]);
}
