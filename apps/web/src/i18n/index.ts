import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@portal/shared/constants';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { readStorage, writeStorage } from '@/lib/storage';
import bn from './bn.json';
import en from './en.json';

export const LANGUAGE_STORAGE_KEY = 'lang';

export function isLanguage(value: string | null | undefined): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function getStoredLanguage(): Language {
  const stored = readStorage('local', LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

export function initI18n(language: Language = getStoredLanguage()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { bn: { translation: bn }, en: { translation: en } },
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

export function changeLanguage(language: Language): void {
  writeStorage('local', LANGUAGE_STORAGE_KEY, language);
  writeLanguageCookie(language);
  void i18n.changeLanguage(language);
}

/** The active language, for query keys and API calls. */
export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
}
