import { afterEach, describe, expect, it } from 'vitest';
import { APP_LANGUAGES, changeLanguage, i18n } from '@/i18n';
import { makeInstallable, manifestHref } from './installable';

const manifests = import.meta.glob('../../public/manifest*.webmanifest', { query: '?raw', import: 'default' });

afterEach(async () => {
  await i18n.changeLanguage('bn');
});

describe('the web manifest', () => {
  it('has a file for every language of the app', () => {
    expect(manifestHref('bn')).toBe('/manifest.webmanifest');
    expect(manifestHref('en')).toBe('/manifest.en.webmanifest');
    for (const language of APP_LANGUAGES) {
      expect(Object.keys(manifests)).toContain(`../../public${manifestHref(language)}`);
    }
  });

  it('is linked in the active language once the page is idle, and follows a change of language', async () => {
    makeInstallable();
    const link = await new Promise<HTMLLinkElement>((resolve) => {
      const check = () => {
        const found = document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]');
        if (found) resolve(found);
        else setTimeout(check, 10);
      };
      check();
    });
    expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
    await changeLanguage('en');
    expect(link.getAttribute('href')).toBe('/manifest.en.webmanifest');
  });
});
