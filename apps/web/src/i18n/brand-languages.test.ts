import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_LANGUAGES,
  applyBrandLanguages,
  brandDefaultLanguage,
  changeLanguage,
  documentTitle,
  i18n,
  LANGUAGE_STORAGE_KEY,
  offeredLanguages,
  pickLanguage,
} from '.';

const englishFirst = { languages: ['bn', 'en'], defaultLanguage: 'en' };

function languageCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_STORAGE_KEY}=`))
    ?.slice(LANGUAGE_STORAGE_KEY.length + 1);
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="description" content="" />';
});

afterEach(async () => {
  await i18n.changeLanguage('bn');
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie
  document.cookie = `${LANGUAGE_STORAGE_KEY}=; path=/; max-age=0`;
});

describe("the brand's languages", () => {
  it('offers the languages the brand supports among those the app has strings for, all of them without any', () => {
    expect(APP_LANGUAGES).toEqual(['bn', 'en']);
    expect(offeredLanguages({ languages: ['en'] })).toEqual(['en']);
    expect(offeredLanguages({ languages: ['en', 'xx', 'bn'] })).toEqual(['bn', 'en']);
    expect(offeredLanguages({ languages: ['xx'] })).toEqual(['bn', 'en']);
    expect(offeredLanguages({ languages: [] })).toEqual(['bn', 'en']);
    expect(offeredLanguages(undefined)).toEqual(['bn', 'en']);
  });

  it("defaults to the brand's default language, and to BN when the brand says nothing usable", () => {
    expect(brandDefaultLanguage(englishFirst)).toBe('en');
    expect(brandDefaultLanguage(undefined)).toBe('bn');
    expect(brandDefaultLanguage({ languages: ['bn', 'en'] })).toBe('bn');
    expect(brandDefaultLanguage({ languages: ['bn', 'en'], defaultLanguage: 'xx' })).toBe('bn');
    // A default the brand does not offer gives way to one it does.
    expect(brandDefaultLanguage({ languages: ['en'], defaultLanguage: 'bn' })).toBe('en');
  });

  it("keeps the player's stored choice while the brand offers it", () => {
    expect(pickLanguage(englishFirst)).toBe('en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    expect(pickLanguage(englishFirst)).toBe('bn');
    expect(pickLanguage({ languages: ['en'], defaultLanguage: 'en' })).toBe('en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(pickLanguage(undefined)).toBe('bn');
  });

  it("switches a player who has not chosen to the brand's default, without storing it as their choice", async () => {
    await applyBrandLanguages(englishFirst);
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    // The server picks the brand's default by itself; a cookie would pin this language.
    expect(languageCookie()).toBeUndefined();
  });

  it("leaves a player's own choice alone", async () => {
    await changeLanguage('bn');
    expect(languageCookie()).toBe('bn');
    await applyBrandLanguages(englishFirst);
    expect(i18n.language).toBe('bn');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('bn');
  });
});

describe('the document', () => {
  it('takes its language, title and description from the active language', async () => {
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Games, sports and lottery');
    expect(document.title).toBe(documentTitle());
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      i18n.getResource('en', 'translation', 'meta.description'),
    );
    await changeLanguage('bn');
    expect(document.documentElement.lang).toBe('bn');
    expect(document.title).toBe(i18n.getResource('bn', 'translation', 'meta.title'));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      i18n.getResource('bn', 'translation', 'meta.description'),
    );
  });
});
