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

/** The languages the app has strings for: the default's ship with it, each other one has a loader. */
export const APP_LANGUAGES: readonly Language[] = LANGUAGES.filter(
  (language) => language === DEFAULT_LANGUAGE || LOADERS[language] !== undefined,
);

/** The brand's language settings (the permission answer's `settings`); absent until the brand is known. */
export interface BrandLanguageSettings {
  languages?: readonly string[];
  defaultLanguage?: string;
}

/** The languages the player may pick: the brand's, among those the app has strings for; all of them if none. */
export function offeredLanguages(brand?: BrandLanguageSettings | null): Language[] {
  const offered = APP_LANGUAGES.filter((language) => brand?.languages?.includes(language));
  return offered.length > 0 ? offered : [...APP_LANGUAGES];
}

/** The brand's default language when it is offered; otherwise BN, or the first offered language if BN is not. */
export function brandDefaultLanguage(brand?: BrandLanguageSettings | null): Language {
  const offered = offeredLanguages(brand);
  const wanted = brand?.defaultLanguage;
  if (isLanguage(wanted) && offered.includes(wanted)) return wanted;
  return offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (offered[0] ?? DEFAULT_LANGUAGE);
}

/** The language the player picked on this device, if any. */
export function getChosenLanguage(): Language | null {
  const stored = readStorage('local', LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/**
 * The language to show: the player's own choice while the brand offers it, else the brand's default. A choice the
 * brand stopped offering stays stored, so it comes back if the brand offers it again.
 */
export function pickLanguage(brand?: BrandLanguageSettings | null): Language {
  const chosen = getChosenLanguage();
  return chosen && offeredLanguages(brand).includes(chosen) ? chosen : brandDefaultLanguage(brand);
}

export const i18n = i18next.createInstance();
/** Languages whose main catalogue is in (a feature may add its own strings to a language before that). */
const loadedLanguages = new Set<string>([DEFAULT_LANGUAGE]);

export function initI18n(language: Language = pickLanguage()) {
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
    i18n.on('languageChanged', applyDocumentLanguage);
  }
  applyDocumentLanguage(i18n.language);
  syncLanguageCookie();
  return i18n;
}

/** The page's generic title in the active language; a screen with a title of its own replaces it while shown. */
export function documentTitle(): string {
  return i18n.t('meta.title');
}

/** The document's language, title and description follow the active language (index.html has Bengali ones). */
function applyDocumentLanguage(language: string) {
  document.documentElement.setAttribute('lang', language);
  document.title = documentTitle();
  document.querySelector('meta[name="description"]')?.setAttribute('content', i18n.t('meta.description'));
}

/**
 * The server reads this cookie to embed start-up answers in the player's language. Only a choice the player made
 * (and that is in use) is sent: without it the server picks the brand's default, as the app does.
 */
function syncLanguageCookie() {
  const chosen = getChosenLanguage();
  if (chosen && chosen === i18n.language) writeLanguageCookie(chosen);
  // biome-ignore lint/suspicious/noDocumentCookie: see writeLanguageCookie
  else document.cookie = `${LANGUAGE_STORAGE_KEY}=; path=/; max-age=0; samesite=lax`;
}

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

/** The player's choice: stored, so it wins over the brand's default from now on. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStorage('local', LANGUAGE_STORAGE_KEY, language);
  writeLanguageCookie(language);
  // Offline, a language never loaded before stays unavailable; the default's strings stand in for it.
  await loadLanguage(language).catch(() => {});
  await i18n.changeLanguage(language);
}

/**
 * Follows the brand's language settings once they are known: the brand's default for a player who has not chosen a
 * language (or chose one the brand no longer offers). Nothing is stored, so it is not taken for the player's choice.
 */
export async function applyBrandLanguages(brand: BrandLanguageSettings | null | undefined): Promise<void> {
  const language = pickLanguage(brand);
  if (language === i18n.language) return;
  await loadLanguage(language).catch(() => {});
  // The player may have picked a language while the strings were loading; that choice stands.
  if (pickLanguage(brand) !== language) return;
  await i18n.changeLanguage(language);
  syncLanguageCookie();
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
