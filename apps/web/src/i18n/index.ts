import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/shared/constants';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import { readStorage, writeStorage } from '@/lib/storage';
import bn from './bn.json';

// Bengali, the default, ships with the app; other languages are fetched the first time they are needed, so the
// start-up bundle carries one language's strings, not all of them.
const LOADERS: Partial<Record<Language, () => Promise<{ default: Record<string, unknown> }>>> = {
  en: () => import('./en.json'),
};

export const LANGUAGE_STORAGE_KEY = 'lang';

export function isLanguage(value: string | null | undefined): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function getStoredLanguage(): Language {
  const stored = readStorage('local', LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();
/** Languages whose main catalogue is in (a feature may add its own strings to a language before that). */
const loadedLanguages = new Set<string>([DEFAULT_LANGUAGE]);

export function initI18n(language: Language = getStoredLanguage()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { bn: { translation: bn } },
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    i18n.on('languageChanged', (lng) => {
      document.documentElement.setAttribute('lang', lng);
    });
  }
  document.documentElement.setAttribute('lang', i18n.language);
  if (isLanguage(i18n.language)) writeLanguageCookie(i18n.language);
  return i18n;
}

/** The server reads this cookie to embed start-up answers in the player's language. */
function writeLanguageCookie(language: Language) {
  // The value is one of the supported language codes, so nothing needs escaping; the Cookie Store API is
  // missing from some browsers this market uses.
  // biome-ignore lint/suspicious/noDocumentCookie: see above
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Makes sure a language's strings are loaded (the default's always are). */
export async function loadLanguage(language: string): Promise<void> {
  if (!isLanguage(language) || loadedLanguages.has(language)) return;
  const loader = LOADERS[language];
  if (!loader) return;
  const { default: resources } = await loader();
  i18n.addResourceBundle(language, 'translation', resources, true, false);
  loadedLanguages.add(language);
}

export async function changeLanguage(language: Language): Promise<void> {
  writeStorage('local', LANGUAGE_STORAGE_KEY, language);
  writeLanguageCookie(language);
  // Offline, a language never loaded before stays unavailable; the default's strings stand in for it.
  await loadLanguage(language).catch(() => {});
  await i18n.changeLanguage(language);
}

function onLanguageChange(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

/**
 * The active language, for query keys and API calls. Every data hook asks for it, so it subscribes to the
 * language alone: react-i18next's useTranslation would copy the i18n instance for each of them as it mounts.
 */
export function useLanguage(): Language {
  const language = useSyncExternalStore(onLanguageChange, () => i18n.language);
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
