import { useEffect } from 'react';
import { documentTitle, useLanguage } from '@/i18n';

/**
 * Gives the document this screen's title while it is shown, then the generic one back. The language is a
 * dependency because a change of language resets the title (i18n/index.ts) even where the text reads the same.
 */
export function usePageTitle(title: string, brand?: string): void {
  const language = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of language resets the title, so it runs again
  useEffect(() => {
    document.title = brand ? `${title} | ${brand}` : title;
    return () => {
      document.title = documentTitle();
    };
  }, [title, brand, language]);
}
